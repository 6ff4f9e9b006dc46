/**
 * `npm run test:agents`: the real ACP agents (`test/agents/`) through a real host, each on a fake
 * model API. Apart from `npm test`, which must stay under CI's 10 minutes: each agent takes seconds
 * to start. Claude Code, Codex and Qwen Code come from `test/agents/package.json` (~450 MB, too
 * much for every `npm ci` of the root), installed with `npm install` on its lock: `npm ci` refuses
 * that lock, which lacks the `@teddyzhu/clipboard-*` packages Qwen Code names but the registry
 * does not have.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/agents/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    // Each test starts a real agent, which may take tens of seconds on a loaded 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
