import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { Problem } from '../../../../schema/config.ts';
import { isTooLarge, maxConfigBytes } from '../../../../schema/configCheck/limits.ts';
import { useHost, useHostStore } from '../../connection/useHost.ts';
import { useT } from '../../i18n.tsx';
import { setTopLevelKey } from '../appearance/setTopLevelKey.ts';
import {
  configTextReducer,
  initialConfigText,
  isDirty,
  type ConfigTextState,
} from './configText.ts';

/** How long the text must rest before the host checks it. */
const validateDelay = 300;

/** Why a top-level key could not be set: the file's YAML does not read, or the host refused it. */
export type KeyRefusal = { kind: 'unreadable' } | { kind: 'refused'; problem: Problem };

export interface ConfigText extends ConfigTextState {
  dirty: boolean;
  /** The editor's text changed. */
  edit: (text: string) => void;
  /** Saves the draft; the host's problems come back in `checked`. */
  save: () => Promise<void>;
  /** Drops the draft's changes for the file's text (its newer text, if one was read). */
  discard: () => void;
  /** Sets a top-level key (`theme`) in the file on disk, and in the draft. */
  setKey: (key: string, value: string) => Promise<KeyRefusal | undefined>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The configuration's text for the editor: read with `ConfigService.Content()` when the screen
 * opens and after every `config:changed` (the store reloads `config` then), checked with
 * `Validate` once typing rests, written with `Save`.
 */
export function useConfigText(): ConfigText {
  const store = useHostStore();
  const config = useHost((state) => state.config);
  const [state, dispatch] = useReducer(configTextReducer, initialConfigText);
  const t = useT();
  // A text over the host's limit is refused here: sent, it would only be a request too large.
  const tooLarge = useCallback(
    (text: string): Problem[] | undefined =>
      isTooLarge(text)
        ? [
            {
              line: 1,
              column: 1,
              message: t('config.tooLarge', { limit: maxConfigBytes / 1024 }),
              warning: false,
            },
          ]
        : undefined,
    [t],
  );

  useEffect(() => {
    if (!config) return;
    let live = true;
    store.call('ConfigService.Content').then(
      (text) => live && dispatch({ type: 'loaded', path: config.path, text }),
      (error: unknown) => live && dispatch({ type: 'loadFailed', message: message(error) }),
    );
    return () => {
      live = false;
    };
  }, [store, config]);

  const { draft, checked } = state;
  useEffect(() => {
    if (draft === undefined || checked?.text === draft) return;
    const timer = setTimeout(() => {
      const refused = tooLarge(draft);
      if (refused) return dispatch({ type: 'checked', text: draft, problems: refused });
      store.call('ConfigService.Validate', draft).then(
        (problems) => dispatch({ type: 'checked', text: draft, problems }),
        // Offline or refused: the next change or save checks again.
        () => {},
      );
    }, validateDelay);
    return () => clearTimeout(timer);
  }, [store, draft, checked, tooLarge]);

  // The editor's text as of its last change, which a render may not have caught up with yet.
  const typed = useRef<string>(undefined);
  const edit = useCallback((text: string) => {
    typed.current = text;
    dispatch({ type: 'edited', text });
  }, []);

  const save = useCallback(async () => {
    const text = typed.current;
    if (text === undefined) return;
    dispatch({ type: 'saving' });
    try {
      const problems = tooLarge(text) ?? (await store.call('ConfigService.Save', text));
      dispatch({ type: 'saved', text, problems, at: Date.now() });
    } catch (error) {
      dispatch({ type: 'saveFailed', message: message(error) });
    }
  }, [store, tooLarge]);

  // One key change at a time: each reads the file the previous one wrote.
  const keyChanges = useRef<Promise<unknown>>(Promise.resolve());
  const setKey = useCallback(
    (key: string, value: string): Promise<KeyRefusal | undefined> => {
      const change = async (): Promise<KeyRefusal | undefined> => {
        // The file as it is now, not as the editor last read it: only this key changes.
        const text = setTopLevelKey(await store.call('ConfigService.Content'), key, value);
        if (text === undefined) return { kind: 'unreadable' };
        const problems = await store.call('ConfigService.Save', text);
        const error = problems.find((problem) => !problem.warning);
        if (error) return { kind: 'refused', problem: error };
        dispatch({ type: 'keySaved', text, key, value });
        return undefined;
      };
      const result = keyChanges.current.then(change, change);
      keyChanges.current = result;
      return result;
    },
    [store],
  );

  const discard = useCallback(() => dispatch({ type: 'discard' }), []);

  return useMemo(
    () => ({ ...state, dirty: isDirty(state), edit, save, discard, setKey }),
    [state, edit, save, discard, setKey],
  );
}
