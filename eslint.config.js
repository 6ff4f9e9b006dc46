// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

/** The layering of DESIGN.md: what each top-level folder may import. */
const layers = {
  statecharts: ['machines', 'workers', 'host', 'pwa', 'schema', 'locales', 'scripts', 'test'],
  schema: ['statecharts', 'machines', 'workers', 'host', 'pwa', 'locales', 'scripts', 'test'],
  locales: ['statecharts', 'machines', 'workers', 'host', 'pwa', 'schema', 'scripts', 'test'],
  machines: ['statecharts', 'workers', 'host', 'pwa', 'locales', 'scripts', 'test'],
  // Workers word what they report themselves (a turn ended by the agent's exit): locales/ too.
  workers: ['statecharts', 'host', 'pwa', 'scripts', 'test'],
  host: ['statecharts', 'pwa', 'scripts', 'test'],
  pwa: ['statecharts', 'workers', 'host', 'scripts', 'test'],
};

/** @param {string[]} folders */
const forbid = (folders) =>
  folders.map((folder) => ({
    group: [`**/${folder}/**`, `../${folder}`, `../../${folder}`],
    message: `DESIGN.md: this layer may not import ${folder}/.`,
  }));

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
  ...Object.entries(layers).map(([layer, folders]) => ({
    files: [`${layer}/**/*.ts`, `${layer}/**/*.tsx`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbid(folders),
            ...(['machines', 'schema', 'locales', 'statecharts'].includes(layer)
              ? [{ group: ['node:*'], message: 'A common layer runs in Node and in the browser.' }]
              : []),
          ],
        },
      ],
    },
  })),
  {
    // The host spawns workers: it may use their types and the one Comlink wrapper, nothing else.
    files: ['host/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbid(layers.host),
            {
              group: ['../workers/*', '!../workers/rpc.ts'],
              allowTypeImports: true,
              message: 'The host spawns workers; it imports only their types and workers/rpc.ts.',
            },
          ],
        },
      ],
    },
  },
);
