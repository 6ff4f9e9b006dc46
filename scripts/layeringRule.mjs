// @ts-check
// The `local/layering` lint rule: what each folder may import (DESIGN.md, "The layout"), checked
// on the folder an import resolves to, whatever the depth of the importing file, the way VS Code's
// `local/code-layering` does. Glob patterns on the import's text (`../workers/*`) miss the same
// import written from one folder deeper (`../../workers/x.ts`); a resolved path does not.
import { builtinModules } from 'node:module';
import { dirname, relative, resolve, sep } from 'node:path';

/**
 * One layer of the table.
 * @typedef {object} Layer
 * @property {string[]} may the layers it may import at run time (its own is implied)
 * @property {string[]} [types] the layers it may import types from (`import type`, `export type`)
 * @property {string[]} [runtime] the files of those layers it may import at run time anyway
 * @property {boolean} [common] runs in Node and in the browser: no Node built-in module
 */

/**
 * The options: the repository's root, and the layers by folder (a top-level folder, or one inside
 * a folder that is not a layer as a whole, such as `scripts/builtinAgent`). A file outside every
 * layer is not checked; a folder outside every layer is a layer of its own for the imports.
 * @typedef {{ root: string, layers: Record<string, Layer> }} Options
 */

const builtins = new Set(builtinModules);

/** @param {string} specifier */
const isBuiltin = (specifier) =>
  specifier.startsWith('node:') || builtins.has(specifier.split('/')[0] ?? specifier);

/**
 * The layer a path of the repository (`host/services/x.ts`) belongs to: the longest folder of the
 * table it is in, else its top-level folder; `undefined` for a file at the root.
 * @param {string} path
 * @param {string[]} folders
 */
function layerOf(path, folders) {
  const inTable = folders
    .filter((folder) => path.startsWith(`${folder}/`))
    .sort((a, b) => b.length - a.length)[0];
  if (inTable) return inTable;
  const slash = path.indexOf('/');
  return slash > 0 ? path.slice(0, slash) : undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const layering = {
  meta: {
    type: 'problem',
    docs: { description: 'What each folder may import (DESIGN.md, "The layout")' },
    schema: [{ type: 'object' }],
    messages: {
      layer: 'DESIGN.md: {{from}}/ may not import {{to}}/ ({{target}}).',
      typesOnly:
        'DESIGN.md: {{from}}/ may import only types from {{to}}/ (`import type`){{except}} ({{target}}).',
      builtin: 'DESIGN.md: {{from}}/ runs in Node and in the browser: no {{target}}.',
    },
  },
  create(context) {
    const { root, layers } = /** @type {Options} */ (context.options[0]);
    const folders = Object.keys(layers);
    const path = relative(root, context.filename).split(sep).join('/');
    const from = layerOf(path, folders);
    const layer = from === undefined ? undefined : layers[from];
    if (from === undefined || layer === undefined) return {};
    const { may, types = [], runtime = [], common = false } = layer;

    /**
     * @param {import('eslint').Rule.Node} node
     * @param {unknown} source the import's specifier, when it is a string
     * @param {boolean} typeOnly erased by TypeScript: `import type`, `export type`, `import('…').T`
     */
    function check(node, source, typeOnly) {
      if (typeof source !== 'string') return;
      if (!source.startsWith('.')) {
        if (common && isBuiltin(source)) {
          context.report({ node, messageId: 'builtin', data: { from, target: source } });
        }
        return;
      }
      const target = relative(root, resolve(dirname(context.filename), source))
        .split(sep)
        .join('/');
      if (target.startsWith('../')) return;
      const to = layerOf(target, folders);
      if (to === undefined || to === from) return;
      if (may.includes(to)) return;
      if (types.includes(to)) {
        if (typeOnly || runtime.includes(target)) return;
        const except = runtime.length > 0 ? ` and ${runtime.join(', ')}` : '';
        context.report({ node, messageId: 'typesOnly', data: { from, to, target, except } });
        return;
      }
      context.report({ node, messageId: 'layer', data: { from, to, target } });
    }

    // `import { type A } from '…'` stays `import {} from '…'` under verbatimModuleSyntax: it loads
    // the module, so only `import type` counts as a type import.
    return {
      ImportDeclaration: (node) =>
        check(node, node.source.value, 'importKind' in node && node.importKind === 'type'),
      ExportNamedDeclaration: (node) =>
        check(node, node.source?.value, 'exportKind' in node && node.exportKind === 'type'),
      ExportAllDeclaration: (node) =>
        check(node, node.source.value, 'exportKind' in node && node.exportKind === 'type'),
      ImportExpression: (node) =>
        check(node, node.source.type === 'Literal' ? node.source.value : undefined, false),
      /** @param {import('eslint').Rule.Node & { source?: { value: unknown } }} node */
      TSImportType: (node) => check(node, node.source?.value, true),
    };
  },
};
