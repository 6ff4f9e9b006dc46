// @ts-check
import eslint from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { layering } from './scripts/layeringRule.mjs';

/**
 * The layering of DESIGN.md, "The layout": what each folder may import, checked on the folder an
 * import resolves to whatever the depth of the file (scripts/layeringRule.mjs). A folder not in
 * the table (`scripts/`, `test/`) may import anything.
 * @type {Record<string, import('./scripts/layeringRule.mjs').Layer>}
 */
const layers = {
  statecharts: { may: [], common: true },
  schema: { may: [], common: true },
  locales: { may: [], common: true },
  machines: { may: ['schema'], common: true },
  // Workers word what they report themselves (a turn ended by the agent's exit): locales/ too.
  workers: { may: ['machines', 'schema', 'locales'] },
  // The host spawns workers: it may use their types and the one Comlink wrapper, nothing else.
  host: {
    may: ['machines', 'schema', 'locales'],
    types: ['workers'],
    runtime: ['workers/rpc.ts'],
  },
  pwa: { may: ['machines', 'schema', 'locales'] },
  // The programs shipped in scripts/ (the built-in agent, the mesh bridge) are host code.
  'scripts/builtinAgent': { may: ['machines', 'schema', 'locales'] },
  'scripts/meshBridge': { may: ['machines', 'schema', 'locales'] },
  // The entry of the core reused in other hosts (npm run build:core): the common layers only.
  'scripts/core': { may: ['machines', 'statecharts', 'schema'], common: true },
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'coverage', 'test/.build', '**/*.gen.ts'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    // The Rules of React, and those of the React Compiler: what a hook may read, write and skip.
    files: ['pwa/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // A dependency left out is a stale value: an error, not a warning nobody reads.
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/unsupported-syntax': 'error',
      // Says which components the React Compiler would leave as written (TanStack Virtual's
      // useVirtualizer): the app is not built with the compiler, so that costs nothing.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    plugins: { local: { rules: { layering } } },
    rules: { 'local/layering': ['error', { root: import.meta.dirname, layers }] },
  },
);
