import { yaml } from '@codemirror/lang-yaml';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { lintGutter } from '@codemirror/lint';
import { Prec, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { basicSetup } from 'codemirror';
import { cspNonce } from '../../shell/cspNonce.ts';
import { schemaSupport } from './schemaSupport.ts';

/** Colours from the app's theme variables, so the editor reads in light and dark alike. */
const highlight = HighlightStyle.define([
  { tag: tags.lineComment, color: 'var(--fg-soft)', fontStyle: 'italic' },
  { tag: tags.definition(tags.propertyName), color: 'var(--accent)' },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--ok)' },
  { tag: [tags.labelName, tags.typeName, tags.keyword, tags.meta], color: 'var(--warn)' },
  {
    tag: [tags.separator, tags.punctuation, tags.squareBracket, tags.brace],
    color: 'var(--fg-soft)',
  },
]);

export interface EditorHooks {
  /** The element whose text names the editor. */
  labelledBy: string;
  /** The element whose text describes it (the keys to save and complete). */
  describedBy: string;
  onEdit: (text: string) => void;
  onSave: () => void;
}

/**
 * The configuration editor: CodeMirror's basic setup (line numbers, history, search,
 * completion, bracket closing), YAML, the schema's completion and hover, a gutter for the
 * host's problems, Ctrl/Cmd-S to save. Tab is left to move the focus out.
 */
export function editorExtensions(hooks: EditorHooks): Extension {
  const nonce = cspNonce();
  return [
    // CodeMirror's styles go in a <style> element: the CSP allows it by its nonce.
    nonce === undefined ? [] : EditorView.cspNonce.of(nonce),
    basicSetup,
    yaml(),
    syntaxHighlighting(highlight),
    schemaSupport(),
    lintGutter(),
    EditorView.lineWrapping,
    EditorView.contentAttributes.of({
      'aria-labelledby': hooks.labelledBy,
      'aria-describedby': hooks.describedBy,
    }),
    Prec.highest(
      keymap.of([
        {
          key: 'Mod-s',
          preventDefault: true,
          run: () => {
            hooks.onSave();
            return true;
          },
        },
      ]),
    ),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) hooks.onEdit(update.state.doc.toString());
    }),
  ];
}
