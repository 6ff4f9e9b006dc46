import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isFresh, startStep, type BuildStep } from '../../scripts/buildSteps.mjs';

/**
 * The stamps that let `npm start` skip a build step, on a small repository of real files: a step
 * that reads `src/` and writes `dist/out.js`.
 */
const step: BuildStep = { name: 'demo', inputs: ['src'] };

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'switchboard-stamps-'));
  for (const [path, text] of Object.entries({
    'package.json': '{}',
    'package-lock.json': '{}',
    'src/main.ts': 'export {};',
    'src/deep/util.ts': 'export const a = 1;',
    'elsewhere/shared.ts': 'export const b = 2;',
  })) {
    await put(path, text);
  }
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function put(path: string, text: string) {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}

/** Runs the step as a build would: stamp, write the output, done. */
async function build(read: string[] = ['src/main.ts']) {
  const stamp = startStep(root, step);
  await put('dist/out.js', 'built');
  stamp.done(read, ['dist/out.js']);
}

/** Sets a file's modification time `seconds` away from what it is. */
async function shift(path: string, seconds: number) {
  const { mtime } = await stat(join(root, path));
  const moved = new Date(mtime.getTime() + seconds * 1000);
  await utimes(join(root, path), moved, moved);
}

describe('build stamps', () => {
  it('make a step fresh once built, and stale when never built or cut short', async () => {
    expect(isFresh(root, step)).toBe(false);
    await build();
    expect(isFresh(root, step)).toBe(true);
    startStep(root, step); // a build that never reaches done()
    expect(isFresh(root, step)).toBe(false);
  });

  it('go stale when a source file, a lock file or the package changes', async () => {
    for (const path of ['src/deep/util.ts', 'package-lock.json', 'package.json']) {
      await build();
      await put(path, `${path} changed`);
      expect(isFresh(root, step), path).toBe(false);
    }
  });

  it('go stale when a file is added or removed, or an older copy is put back', async () => {
    await build();
    await put('src/new.ts', '');
    expect(isFresh(root, step)).toBe(false);
    await build();
    await rm(join(root, 'src/new.ts'));
    expect(isFresh(root, step)).toBe(false);
    // The same size, an older time: what a restored backup or a checkout may leave.
    await build();
    await put('src/main.ts', 'export {}/');
    await shift('src/main.ts', -3600);
    expect(isFresh(root, step)).toBe(false);
    // node_modules appears when npm installs: its lock file says so.
    await build();
    await put('node_modules/.package-lock.json', '{}');
    expect(isFresh(root, step)).toBe(false);
  });

  it('stay fresh when a file is only touched', async () => {
    await build();
    await shift('src/main.ts', 60);
    expect(isFresh(root, step)).toBe(true);
  });

  it('follow what a build read outside its folders, and ignore virtual modules', async () => {
    await build(['src/main.ts', join(root, 'elsewhere/shared.ts'), '\0virtual', '/usr/lib/x.js']);
    expect(isFresh(root, step)).toBe(true);
    await put('elsewhere/shared.ts', 'export const b = 3;');
    expect(isFresh(root, step)).toBe(false);
  });

  it('go stale when an output is removed or changed', async () => {
    await build();
    await rm(join(root, 'dist/out.js'));
    expect(isFresh(root, step)).toBe(false);
    await build();
    await put('dist/out.js', 'edited by hand');
    expect(isFresh(root, step)).toBe(false);
  });

  it('leave a step stale when a source is saved while it builds', async () => {
    const stamp = startStep(root, step);
    await put('src/main.ts', 'export {}/'); // saved during the build, the same size
    await put('dist/out.js', 'built');
    stamp.done(['src/main.ts'], ['dist/out.js']);
    expect(isFresh(root, step)).toBe(false);
  });
});
