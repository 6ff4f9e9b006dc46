import { spawn } from 'node:child_process';
import { mkdtemp, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  watchConfigFile,
  type ConfigWatcher,
  type ConfigWatcherOptions,
} from '../../../host/config/configWatcher.ts';
import { repoRoot, typescriptProcess } from '../../helpers/typescriptProcess.ts';

const settleMs = 50;

let dir: string;
let file: string;
let watchers: ConfigWatcher[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'switchboard-watch-'));
  file = join(dir, 'config.yaml');
  await writeFile(file, 'initial');
  watchers = [];
});
afterEach(async () => {
  await Promise.all(watchers.map((watcher) => watcher.close()));
  await rm(dir, { recursive: true, force: true });
});

/** Starts a watcher on `file` and collects what it reports. */
async function watchFile(options: ConfigWatcherOptions = {}) {
  const reports: (string | undefined)[] = [];
  const watcher = watchConfigFile(file, (text) => reports.push(text), { settleMs, ...options });
  watchers.push(watcher);
  await watcher.ready;
  return { reports, watcher };
}

const eventually = <T>(read: () => T) => expect.poll(read, { timeout: 5_000, interval: 10 });

/**
 * A wait for nothing more to be reported: long enough for any report still on its way (a
 * missing file takes two settle windows).
 */
const quiet = () => sleep(settleMs * 5);

async function renameSave(text: string): Promise<void> {
  await writeFile(`${file}.tmp`, text);
  await rename(`${file}.tmp`, file);
}

describe('watchConfigFile', () => {
  it('reports an in-place write once', async () => {
    const { reports } = await watchFile();
    await writeFile(file, 'in place');
    await eventually(() => reports).toEqual(['in place']);
    await quiet();
    expect(reports).toEqual(['in place']);
  });

  it('keeps following the file across rename-saves, each one reported once', async () => {
    const { reports } = await watchFile();
    const expected: string[] = [];
    for (let round = 0; round < 3; round++) {
      for (let save = 0; save < 3; save++) {
        const before = await stat(file);
        await renameSave(`round ${round} save ${save}`);
        expect((await stat(file)).ino).not.toBe(before.ino);
        expected.push(`round ${round} save ${save}`);
        await eventually(() => reports).toEqual(expected);
      }
      // chokidar ignores a watched file's event within 5 ms of another, here the rename that
      // moves it to a new inode: a watch on the file itself would miss every later write.
      await writeFile(file, `round ${round} written`);
      await renameSave(`round ${round} renamed`);
      expected.push(`round ${round} renamed`);
      await eventually(() => reports).toEqual(expected);
      await writeFile(file, `round ${round} in place`);
      expected.push(`round ${round} in place`);
      await eventually(() => reports).toEqual(expected);
    }
    await quiet();
    expect(reports).toEqual(expected);
  });

  it('reports a vim-style save (backup by rename, new file, backup deleted) once', async () => {
    const { reports } = await watchFile();
    await rename(file, `${file}~`);
    await writeFile(file, 'from vim');
    await unlink(`${file}~`);
    await eventually(() => reports).toEqual(['from vim']);
    await quiet();
    expect(reports).toEqual(['from vim']);
  });

  it('reports the last version of a burst of writes, in few reports', async () => {
    const { reports } = await watchFile();
    for (let round = 0; round < 5; round++) {
      const start = reports.length;
      const last = `round ${round} write 19`;
      for (let write = 0; write < 20; write++)
        await writeFile(file, `round ${round} write ${write}`);
      await eventually(() => reports.at(-1)).toBe(last);
      await quiet();
      expect(reports.length - start).toBeLessThanOrEqual(3);
      expect(reports.at(-1)).toBe(last);
    }
  });

  it('does not lose a write that follows a report closely', async () => {
    // chokidar drops a `change` within 50 ms of the one before: the second write relies on raw events.
    const { reports } = await watchFile({ settleMs: 10 });
    for (let round = 0; round < 5; round++) {
      await writeFile(file, `first ${round}`);
      await eventually(() => reports.at(-1)).toBe(`first ${round}`);
      await writeFile(file, `second ${round}`);
      await eventually(() => reports.at(-1)).toBe(`second ${round}`);
    }
  });

  it('reads again when a write lands during a read', async () => {
    // A settle shorter than the read of a large file: events keep arriving while it reads.
    const { reports } = await watchFile({ settleMs: 1 });
    const large = (write: number) => `${write}\n`.padEnd(1_000_000, '#');
    for (let write = 0; write < 30; write++) await writeFile(file, large(write));
    const last = () => reports.at(-1);
    await eventually(() => ({ head: last()?.slice(0, 3), length: last()?.length })).toEqual({
      head: '29\n',
      length: 1_000_000,
    });
  });

  it('does not report the same text written again', async () => {
    const { reports } = await watchFile();
    await writeFile(file, 'initial');
    await renameSave('initial');
    await quiet();
    await writeFile(file, 'changed');
    await writeFile(file, 'changed');
    await eventually(() => reports).toEqual(['changed']);
    await writeFile(file, 'changed');
    await quiet();
    expect(reports).toEqual(['changed']);
  });

  it('reports a file deleted then recreated within the window as its new text only', async () => {
    const { reports } = await watchFile();
    await unlink(file);
    await writeFile(file, 'recreated');
    await eventually(() => reports).toEqual(['recreated']);
    await quiet();
    expect(reports).toEqual(['recreated']);
  });

  it('does not report a file missing for less than two settle windows as deleted', async () => {
    const { reports } = await watchFile({ settleMs: 200 });
    await unlink(file);
    // Missing for 260 ms: more than one window of 200 ms, less than two.
    await sleep(260);
    await writeFile(file, 'recreated late');
    await eventually(() => reports).toEqual(['recreated late']);
  });

  it('reports a deleted file once, then its return', async () => {
    const { reports } = await watchFile();
    await unlink(file);
    await eventually(() => reports).toEqual([undefined]);
    await quiet();
    expect(reports).toEqual([undefined]);
    await writeFile(file, 'back');
    await eventually(() => reports).toEqual([undefined, 'back']);
  });

  it('compares with the text the caller loaded, and reports a change made before the watch', async () => {
    const unchanged = await watchFile({ initialText: 'initial' });
    const changed = await watchFile({ initialText: 'loaded earlier' });
    await eventually(() => changed.reports).toEqual(['initial']);
    await quiet();
    expect(unchanged.reports).toEqual([]);
  });

  it('reports nothing after close', async () => {
    const { reports, watcher } = await watchFile();
    await writeFile(file, 'before close');
    await watcher.close();
    await writeFile(file, 'after close');
    await quiet();
    expect(reports).toEqual([]);
  });

  it('lets the process exit once closed, with a settle pending', async () => {
    const script = join(dir, 'exit.mts');
    const module = pathToFileURL(join(repoRoot, 'host/config/configWatcher.ts')).href;
    // A settle timer left running would keep the process for a minute.
    await writeFile(
      script,
      `import { writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { watchConfigFile } from ${JSON.stringify(module)};
const watcher = watchConfigFile(${JSON.stringify(file)}, (text) => console.log(text), { settleMs: 60_000 });
await watcher.ready;
await writeFile(${JSON.stringify(file)}, 'pending');
// Time for the watcher to see the write and start its settle (nothing shows it before 60 s).
await sleep(100);
await watcher.close();
console.log('closed');
`,
    );
    const { command, args } = typescriptProcess(script);
    // Killed if the watcher keeps it alive: the exit code is then null.
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], timeout: 10_000 });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect({ code, output }).toEqual({ code: 0, output: 'closed\n' });
  });
});
