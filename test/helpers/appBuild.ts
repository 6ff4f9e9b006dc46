import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { sharedAppDir } from './hostBuild.ts';
import { repoRoot } from './typescriptProcess.ts';

export { sharedAppDir };

/**
 * Builds the PWA as `npm run build` does, into `outDir` (a fresh folder when not given); the host
 * serves it with `SWITCHBOARD_APP_DIR`.
 */
export async function buildAppInto(outDir?: string): Promise<string> {
  const dir = outDir ?? (await mkdtemp(join(tmpdir(), 'switchboard-pwa-')));
  // Vitest sets NODE_ENV=test, which makes Vite build for development (no service worker,
  // React's development build): the app is built as `npm run build` builds it.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(repoRoot, 'pwa', 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: { outDir: dir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return dir;
}
