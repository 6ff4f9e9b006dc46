import { useState } from 'react';
import { useT } from '../../i18n.tsx';
import type { ConfigText } from '../editor/useConfigText.ts';

export interface Setting<V extends string> {
  /** The value shown: the one being saved, else the configuration's. */
  value: V | undefined;
  busy: boolean;
  /** Why the last change was not made. */
  error: string | undefined;
  change: (value: V) => void;
}

/**
 * A top-level key of the configuration file (`theme`, `language`) as a control: a change edits
 * the file's text and saves it; the app then follows through `config:changed`, which brings
 * `current` up to date.
 */
export function useSetting<V extends string>(
  key: string,
  current: V | undefined,
  setKey: ConfigText['setKey'],
): Setting<V> {
  const t = useT();
  const [pending, setPending] = useState<V>();
  const [error, setError] = useState<string>();
  const [shown, setShown] = useState(current);

  // The configuration moved (to the value saved, or elsewhere): show it as it is, from this render.
  if (current !== shown) {
    setShown(current);
    setPending(undefined);
  }

  const change = (value: V) => {
    if (value === (pending ?? current)) return;
    setPending(value);
    setError(undefined);
    setKey(key, value).then(
      (refusal) => {
        if (!refusal) return;
        setPending(undefined);
        setError(
          refusal.kind === 'unreadable'
            ? t('settings.appearance.unreadable')
            : t('settings.appearance.refused', {
                line: refusal.problem.line,
                message: refusal.problem.message,
              }),
        );
      },
      (failure: unknown) => {
        setPending(undefined);
        const message = failure instanceof Error ? failure.message : String(failure);
        setError(t('settings.appearance.failed', { message }));
      },
    );
  };

  return { value: pending ?? current, busy: pending !== undefined, error, change };
}
