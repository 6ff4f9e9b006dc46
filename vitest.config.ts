import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __APP_BUILD__: JSON.stringify('test') },
  test: {
    // Component tests (`test/pwa/*.test.tsx`) say `// @vitest-environment happy-dom` themselves.
    include: ['test/**/*.test.{ts,tsx}'],
    // The real agents run in `npm run test:agents` (vitest.agents.config.ts).
    exclude: [...configDefaults.exclude, 'test/agents/**'],
    globalSetup: ['test/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Waiting on real processes: a loaded CI machine may take seconds where a laptop takes 100 ms.
    expect: { poll: { timeout: 10_000 } },
    // Integration tests spawn real workers and processes: keep the 2-core CI machine calm.
    maxWorkers: 2,
    // codemirror-json-schema imports its own files without extensions: Vite resolves them.
    server: { deps: { inline: ['codemirror-json-schema'] } },
  },
});
