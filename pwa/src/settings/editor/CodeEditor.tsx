import type { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { useEditorView, type EditorViewOptions } from './useEditorView.ts';

/**
 * The CodeMirror editor itself, in a module of its own so that it (CodeMirror, the YAML
 * language, the schema's completion) loads with the Settings screen rather than with the app.
 */
export function CodeEditor({
  onView,
  ...options
}: EditorViewOptions & { onView: (view: EditorView | undefined) => void }) {
  const parent = useRef<HTMLDivElement>(null);
  const view = useEditorView(parent, options);
  useEffect(() => onView(view), [onView, view]);
  return <div ref={parent} className="config-editor-host" />;
}
