import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cwdFiles, walkLimits } from '../../../host/services/cwdFiles.ts';

let cwd: string;
beforeEach(async () => {
  cwd = await mkdtemp(join(tmpdir(), 'switchboard-cwd-'));
});
afterEach(() => rm(cwd, { recursive: true, force: true }));

describe('the files of an agent’s cwd, for @', () => {
  it('ranks by name, then path, then letters in order, and leaves out what it must', async () => {
    await mkdir(join(cwd, 'src', 'deep'), { recursive: true });
    await mkdir(join(cwd, 'build'));
    await mkdir(join(cwd, 'state'));
    await writeFile(join(cwd, '.gitignore'), '# built\nbuild/\n*.log\n');
    for (const file of [
      'src/main.ts',
      'src/deep/domain.ts',
      'README.md',
      'debug.log',
      'build/main.js',
      'state/token',
    ]) {
      await writeFile(join(cwd, file), '');
    }
    await symlink(cwd, join(cwd, 'src', 'loop')); // never followed
    await symlink('/etc/passwd', join(cwd, 'passwords'));
    expect(await cwdFiles(cwd, 'main', [join(cwd, 'state')])).toEqual([
      'src/main.ts',
      'src/deep/domain.ts',
    ]);
    expect(await cwdFiles(cwd, 'MAIN', [])).toEqual(['src/main.ts', 'src/deep/domain.ts']);
    expect(await cwdFiles(cwd, 'srcmts', [])).toEqual(['src/main.ts', 'src/deep/domain.ts']);
    expect(await cwdFiles(cwd, 'readme', [])).toEqual(['README.md']);
    const all = await cwdFiles(cwd, '', [join(cwd, 'state')]);
    expect(all.sort()).toEqual(['.gitignore', 'README.md', 'src/deep/domain.ts', 'src/main.ts']);
    expect(await cwdFiles(join(cwd, 'missing'), '', [])).toEqual([]);
  });

  it('stops a walk of a huge tree at its limit, and answers at most 50', async () => {
    const wide = join(cwd, 'wide');
    await mkdir(wide);
    const count = walkLimits.entries + 500;
    for (let start = 0; start < count; start += 1000) {
      await Promise.all(
        Array.from({ length: Math.min(1000, count - start) }, (_, index) =>
          writeFile(join(wide, `f${start + index}.txt`), ''),
        ),
      );
    }
    const began = performance.now();
    const found = await cwdFiles(cwd, '', []);
    expect(performance.now() - began).toBeLessThan(2000);
    expect(found).toHaveLength(50);
  }, 30_000);
});
