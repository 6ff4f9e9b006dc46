import type { EditorView } from '@codemirror/view';
import { lazy, Suspense, useId, useState } from 'react';
import type { Problem } from '../../../../schema/config.ts';
import { useT } from '../../i18n.tsx';
import { problemRange } from './diagnostics.ts';
import { ProblemList } from './ProblemList.tsx';
import { SaveStatusLine } from './SaveStatusLine.tsx';
import type { ConfigText } from './useConfigText.ts';
import { useSchema } from './useSchema.ts';

const CodeEditor = lazy(() =>
  import('./CodeEditor.tsx').then((module) => ({ default: module.CodeEditor })),
);

/**
 * The configuration file's text in a YAML editor: completion and hover from the schema, the
 * host's problems inline and in a list below, Save, and an offer to reload when the file
 * changes on disk under unsaved changes.
 */
export function ConfigEditor({ text }: { text: ConfigText }) {
  const t = useT();
  const titleId = useId();
  const hintId = useId();
  const [view, setView] = useState<EditorView>();
  const schema = useSchema();

  const goTo = (problem: Problem) => {
    if (!view) return;
    const { from } = problemRange(view.state.doc, problem);
    view.dispatch({ selection: { anchor: from }, scrollIntoView: true });
    view.focus();
  };

  const saving = text.status.kind === 'saving';
  const problems = text.checked?.text === text.draft ? text.checked?.problems : undefined;
  return (
    <section className="settings-card config-editor" aria-labelledby={titleId}>
      <header>
        <h2 id={titleId}>{t('settings.editor.title')}</h2>
        <p id={hintId} className="settings-hint">
          {t('settings.editor.hint')}
        </p>
      </header>
      <div className="config-editor-toolbar">
        <SaveStatusLine status={text.status} dirty={text.dirty} />
        <button type="button" disabled={!text.dirty || saving} onClick={text.discard}>
          {t('settings.editor.discard')}
        </button>
        <button
          type="button"
          className="primary"
          disabled={text.draft === undefined || saving}
          onClick={() => void text.save()}
        >
          {t('settings.editor.save')}
        </button>
      </div>
      {text.newer !== undefined && (
        <div className="settings-notice settings-notice-warn" role="alert">
          <span>{t('settings.editor.changedOnDisk')}</span>
          <button type="button" onClick={text.discard}>
            {t('settings.editor.reload')}
          </button>
        </div>
      )}
      {text.loadError !== undefined && (
        <p className="settings-notice settings-notice-danger" role="alert">
          {t('settings.editor.loadFailed', { message: text.loadError })}
        </p>
      )}
      {text.doc === undefined && text.loadError === undefined && (
        <p className="settings-hint">{t('settings.editor.loading')}</p>
      )}
      <Suspense fallback={<p className="settings-hint">{t('settings.editor.loading')}</p>}>
        <CodeEditor
          doc={text.doc}
          checked={text.checked}
          schema={schema}
          labelledBy={titleId}
          describedBy={hintId}
          onEdit={text.edit}
          onSave={() => void text.save()}
          onView={setView}
        />
      </Suspense>
      <ProblemList problems={problems} onSelect={goTo} />
    </section>
  );
}
