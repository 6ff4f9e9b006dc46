import type { Problem } from '../../../../schema/config.ts';
import { setTopLevelKey } from '../appearance/setTopLevelKey.ts';

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: number }
  /** Save found errors: nothing was written. */
  | { kind: 'refused'; errors: number }
  | { kind: 'failed'; message: string };

/** The configuration's text as the editor sees it. */
export interface ConfigTextState {
  /** The file the texts are of. */
  path: string | undefined;
  /** The file's text as last read or written; `undefined` until loaded. */
  disk: string | undefined;
  /** The editor's text. */
  draft: string | undefined;
  /** What the editor must show, set again when `revision` changes (a load, a reload). */
  doc: { text: string; revision: number } | undefined;
  /** A newer text of the file, read while the draft had unsaved changes. */
  newer: string | undefined;
  /** The latest problems the host found, and the text they are about. */
  checked: { text: string; problems: Problem[] } | undefined;
  status: SaveStatus;
  loadError: string | undefined;
}

export type ConfigTextAction =
  | { type: 'loaded'; path: string; text: string }
  | { type: 'loadFailed'; message: string }
  | { type: 'edited'; text: string }
  | { type: 'checked'; text: string; problems: Problem[] }
  | { type: 'saving' }
  | { type: 'saved'; text: string; problems: Problem[]; at: number }
  | { type: 'saveFailed'; message: string }
  | { type: 'keySaved'; text: string; key: string; value: string }
  | { type: 'discard' };

export const initialConfigText: ConfigTextState = {
  path: undefined,
  disk: undefined,
  draft: undefined,
  doc: undefined,
  newer: undefined,
  checked: undefined,
  status: { kind: 'idle' },
  loadError: undefined,
};

/** The draft differs from the file. */
export const isDirty = (state: ConfigTextState) =>
  state.draft !== undefined && state.draft !== state.disk;

const show = (state: ConfigTextState, text: string): ConfigTextState => ({
  ...state,
  draft: text,
  doc: { text, revision: (state.doc?.revision ?? 0) + 1 },
});

/**
 * How the editor's text follows the file: a read replaces a draft without changes and is only
 * offered (`newer`) to one with changes, unless it is another file; a save makes the draft the
 * file's text, unless the host found errors in it.
 */
export function configTextReducer(
  state: ConfigTextState,
  action: ConfigTextAction,
): ConfigTextState {
  switch (action.type) {
    case 'loaded': {
      const loaded = { ...state, path: action.path, loadError: undefined };
      if (state.disk === undefined || state.path !== action.path || !isDirty(state)) {
        return show({ ...loaded, disk: action.text, newer: undefined }, action.text);
      }
      if (action.text === state.disk) return { ...loaded, newer: undefined };
      if (action.text === state.draft) return { ...loaded, disk: action.text, newer: undefined };
      return { ...loaded, newer: action.text };
    }
    case 'loadFailed':
      return { ...state, loadError: action.message };
    case 'edited':
      return {
        ...state,
        draft: action.text,
        status: state.status.kind === 'saved' ? { kind: 'idle' } : state.status,
      };
    case 'checked':
      return action.text === state.draft ? { ...state, checked: action } : state;
    case 'saving':
      return { ...state, status: { kind: 'saving' } };
    case 'saved': {
      const errors = action.problems.filter((problem) => !problem.warning).length;
      const checked = { text: action.text, problems: action.problems };
      const withProblems = action.text === state.draft ? { ...state, checked } : state;
      if (errors > 0) return { ...withProblems, status: { kind: 'refused', errors } };
      return {
        ...withProblems,
        disk: action.text,
        newer: undefined,
        status: { kind: 'saved', at: action.at },
      };
    }
    case 'saveFailed':
      return { ...state, status: { kind: 'failed', message: action.message } };
    case 'keySaved': {
      if (!isDirty(state))
        return show({ ...state, disk: action.text, newer: undefined }, action.text);
      const draft = setTopLevelKey(state.draft ?? '', action.key, action.value);
      const saved = { ...state, disk: action.text };
      return draft === undefined || draft === state.draft ? saved : show(saved, draft);
    }
    case 'discard':
      return show(
        { ...state, disk: state.newer ?? state.disk, newer: undefined },
        state.newer ?? state.disk ?? '',
      );
  }
}
