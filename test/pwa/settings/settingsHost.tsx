/**
 * A host for the Settings screen's tests: a configuration file in memory that `Content` reads
 * and `Save` writes (unless the text has an error), problems chosen per test, and the editor's
 * CodeMirror view found in the page.
 */
import { forEachDiagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import type { Problem } from '../../../schema/config.ts';
import { defaultMethods, mockHost, type MockHost, type Methods } from '../helpers/mockHost.tsx';

export const configPath = '/home/user/.config/switchboard/config.yaml';

export const configText = [
  '# My agents',
  'language: en',
  'theme: light # system, light or dark',
  'agents:',
  '  claude:',
  '    command: npx',
  '',
].join('\n');

/** What `ConfigService.Schema()` answers. */
export const configSchema = { type: 'object', properties: { theme: { enum: ['dark'] } } };

export interface SettingsHost extends MockHost {
  /** The file's text as the host holds it. */
  disk: string;
  /** The params of every call to `method`. */
  paramsOf(method: string): unknown[][];
}

/** The current configuration as `ConfigService.Current()` reports it, with `change` applied. */
export function current(change: Record<string, unknown> = {}) {
  return {
    ...(defaultMethods['ConfigService.Current']?.([]) as object),
    path: configPath,
    ...change,
  };
}

export function settingsHost(
  options: { text?: string; problems?: (text: string) => Problem[]; methods?: Methods } = {},
): SettingsHost {
  const problems = options.problems ?? (() => []);
  const host = mockHost({
    'ConfigService.Current': () => current(),
    'ConfigService.Content': () => state.disk,
    'ConfigService.Schema': () => configSchema,
    'ConfigService.Recent': () => [],
    'ConfigService.Validate': ([text]) => problems(text as string),
    'ConfigService.Save': ([text]) => {
      const found = problems(text as string);
      if (!found.some((problem) => !problem.warning)) state.disk = text as string;
      return found;
    },
    ...options.methods,
  });
  const state = Object.assign(host, {
    disk: options.text ?? configText,
    paramsOf: (method: string) =>
      host.calls.filter((call) => call.method === method).map((call) => call.params),
  });
  return state;
}

/** The editor's view, once CodeMirror is in the page. */
export function editorView(): EditorView {
  const element = document.querySelector<HTMLElement>('.cm-editor');
  const view = element && EditorView.findFromDOM(element);
  if (!view) throw new Error('no editor yet');
  return view;
}

/** Replaces the editor's whole text, as typing would. */
export function typeText(text: string): void {
  const view = editorView();
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

/** What the line under the editor says of saving: unsaved changes, saved at…, not saved…. */
export const saveStatus = () => document.querySelector('.save-status')?.textContent;

/** The count of problems the editor lists (or that there is none), and each one's message. */
export function problems(): { summary: string | undefined; messages: (string | null)[] } {
  return {
    summary: document.querySelector('.problems-summary')?.textContent,
    messages: [...document.querySelectorAll('.problem-message')].map((found) => found.textContent),
  };
}

/** The editor's diagnostics: severity, the text they mark, and their message. */
export function diagnostics(): { severity: string; marked: string; message: string }[] {
  const view = editorView();
  const found: { severity: string; marked: string; message: string }[] = [];
  forEachDiagnostic(view.state, (diagnostic, from, to) =>
    found.push({
      severity: diagnostic.severity,
      marked: view.state.sliceDoc(from, to),
      message: diagnostic.message,
    }),
  );
  return found;
}
