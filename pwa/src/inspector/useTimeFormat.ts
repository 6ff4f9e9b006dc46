import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/** A record's time as `14:03:07.125`, in the app's language. */
export function useTimeFormat(): (at: number) => string {
  const intl = useIntl();
  return useCallback(
    (at: number) =>
      intl.formatTime(at, {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        fractionalSecondDigits: 3,
        hourCycle: 'h23',
      }),
    [intl],
  );
}
