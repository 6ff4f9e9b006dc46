import { setDiagnostics } from '@codemirror/lint';
import { EditorState, Transaction } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ConfigTextState } from './configText.ts';
import { toDiagnostics } from './diagnostics.ts';
import { editorExtensions } from './editorExtensions.ts';
import { setSchema } from './schemaSupport.ts';

export interface EditorViewOptions {
  doc: ConfigTextState['doc'];
  checked: ConfigTextState['checked'];
  schema: object | undefined;
  labelledBy: string;
  describedBy: string;
  onEdit: (text: string) => void;
  onSave: () => void;
}

/**
 * A CodeMirror view inside `parent`, made once and destroyed with the component. It shows
 * `doc` each time its revision changes, the host's problems when they are about its text, and
 * completes from `schema` once it is there.
 */
export function useEditorView(
  parent: RefObject<HTMLDivElement | null>,
  options: EditorViewOptions,
): EditorView | undefined {
  const { doc, checked, schema, labelledBy, describedBy } = options;
  const [view, setView] = useState<EditorView>();
  const handlers = useRef(options);
  useEffect(() => {
    handlers.current = options;
  });

  useEffect(() => {
    if (!parent.current) return;
    const created = new EditorView({
      parent: parent.current,
      state: EditorState.create({
        extensions: editorExtensions({
          labelledBy,
          describedBy,
          onEdit: (text) => handlers.current.onEdit(text),
          onSave: () => handlers.current.onSave(),
        }),
      }),
    });
    setView(created);
    return () => {
      created.destroy();
      setView(undefined);
    };
  }, [parent, labelledBy, describedBy]);

  useEffect(() => {
    if (view && doc) replaceText(view, doc.text);
  }, [view, doc]);

  useEffect(() => {
    // Problems about an older text would land in the wrong places: the next check follows.
    if (!view || !checked || view.state.doc.toString() !== checked.text) return;
    view.dispatch(setDiagnostics(view.state, toDiagnostics(view.state.doc, checked.problems)));
  }, [view, checked]);

  useEffect(() => {
    if (view && schema) setSchema(view, schema);
  }, [view, schema]);

  return view;
}

/** Replaces the view's text by `text`, changing only the part that differs (the cursor stays). */
function replaceText(view: EditorView, text: string): void {
  const old = view.state.doc.toString();
  if (old === text) return;
  let start = 0;
  while (start < old.length && start < text.length && old[start] === text[start]) start += 1;
  let end = 0;
  while (
    end < old.length - start &&
    end < text.length - start &&
    old[old.length - 1 - end] === text[text.length - 1 - end]
  ) {
    end += 1;
  }
  view.dispatch({
    changes: { from: start, to: old.length - end, insert: text.slice(start, text.length - end) },
    // The first text is where undo stops, not a change of the user's.
    annotations: Transaction.addToHistory.of(old !== ''),
  });
}
