import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/**
 * An ISO 8601 time of the mesh in the app's language: `10:42` today (`10:42:07` with
 * `seconds`), with the date on any other day.
 */
export function useMeshTime(): (iso: string, seconds?: boolean) => string {
  const intl = useIntl();
  return useCallback(
    (iso: string, seconds = false) => {
      const at = new Date(iso);
      if (Number.isNaN(at.getTime())) return iso;
      const today = new Date().toDateString() === at.toDateString();
      return intl.formatDate(at, {
        ...(today ? {} : { day: 'numeric', month: 'short' }),
        hour: '2-digit',
        minute: '2-digit',
        ...(seconds ? { second: '2-digit' } : {}),
        hourCycle: 'h23',
      });
    },
    [intl],
  );
}
