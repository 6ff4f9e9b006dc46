/**
 * The one module that knows codemirror-json-schema: completion and hover from the
 * configuration's JSON Schema (`ConfigService.Schema()`), which arrives after the editor opens.
 * Its linter is left out: the host's own problems are the diagnostics.
 */
import { yamlLanguage } from '@codemirror/lang-yaml';
import type { Extension } from '@codemirror/state';
import { hoverTooltip, type EditorView } from '@codemirror/view';
import { stateExtensions, updateSchema } from 'codemirror-json-schema';
import { yamlCompletion, yamlSchemaHover } from 'codemirror-json-schema/yaml';
import { inlineRefs } from './inlineRefs.ts';

/** Completion of keys and values, and a description on hover, once `setSchema` has run. */
export function schemaSupport(): Extension {
  return [
    yamlLanguage.data.of({ autocomplete: yamlCompletion() }),
    hoverTooltip(yamlSchemaHover()),
    stateExtensions(),
  ];
}

/** Gives the editor the schema to complete and describe from. */
export function setSchema(view: EditorView, schema: object): void {
  updateSchema(view, inlineRefs(schema));
}
