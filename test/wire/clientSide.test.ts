import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChatClient, script, textOf, withChat } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest } from '../helpers/hostProcess.ts';

const start = hostPerTest();

describe('the client side of ACP over the wire: the agent’s files and what Switchboard offers', () => {
  it('reads and writes files inside the agent’s folder only, and shows a write as a diff', async () => {
    const { host, chat } = await withChat(await start(configText({ a: ['--session'] })));
    await writeFile(join(host.folder, 'notes.md'), 'line 1\nline 2\n');
    const id = await chat.send(
      'a',
      script(
        { read: { path: join(host.folder, 'notes.md'), line: 2 } },
        { read: { path: '/etc/hostname' } },
        { write: { path: join(host.folder, 'out', 'new.md'), content: 'made by the agent' } },
        { write: { path: join(host.folder, '..', 'escape.md'), content: 'no' } },
      ),
    );
    const answer = await chat.answer('a', id);
    const text = textOf(answer);
    expect(text).toContain('read: line 2\n');
    expect(text).toMatch(
      /read error -32602: .*\/etc\/hostname is outside the agent's working folder/,
    );
    expect(text).toContain('write: ok');
    expect(text).toMatch(/write error -32602: .*escape\.md is outside the agent's working folder/);
    expect(await readFile(join(host.folder, 'out', 'new.md'), 'utf8')).toBe('made by the agent');
    expect(existsSync(join(host.folder, '..', 'escape.md'))).toBe(false);
    const writes = answer.parts.filter((part) => part.kind === 'tool');
    expect(writes).toEqual([
      {
        kind: 'tool',
        tool: expect.objectContaining({
          kind: 'edit',
          status: 'completed',
          diffs: [
            {
              path: join(host.folder, 'out', 'new.md'),
              oldText: '',
              newText: 'made by the agent',
              newFile: true,
            },
          ],
        }) as object,
      },
    ]);
    await chat.settled('a');
  });

  it('tells a missing file the way agents recognise, and as empty content to Gemini CLI', async () => {
    const host = await start(
      configText({ a: ['--session'], gemini: ['--session', '--agent-name=gemini-cli'] }),
    );
    const chat = new ChatClient(await host.connect());
    const missing = join(host.folder, 'new.md');
    const read = script({ read: { path: missing } });
    expect(textOf(await chat.answer('a', await chat.send('a', read)))).toBe(
      `read error -32002: Resource not found: ${missing}`,
    );
    // Gemini CLI's write_file reads first, and can read no error's message (agentQuirks.ts).
    const write = script({ read: { path: missing } }, { write: { path: missing, content: 'new' } });
    expect(textOf(await chat.answer('gemini', await chat.send('gemini', write)))).toBe(
      'read: write: ok',
    );
    expect(await readFile(missing, 'utf8')).toBe('new');
    await chat.settled('gemini');
  });

  it('advertises exactly what it implements, and opens the session in the agent’s cwd', async () => {
    const { host, chat } = await withChat(await start(configText({ a: ['--session'] })));
    const id = await chat.send(
      'a',
      script({ echoCapabilities: true }, { text: '|' }, { echoCwd: true }),
    );
    const [capabilities, cwd] = textOf(await chat.answer('a', id)).split('|');
    expect(JSON.parse(capabilities!)).toEqual({
      fs: { readTextFile: true, writeTextFile: true },
      terminal: true,
      auth: { terminal: true },
      session: { notices: {}, compaction: {}, configOptions: { boolean: {} } },
      elicitation: { form: {}, url: {} },
    });
    expect(cwd).toBe(host.folder);
  });
});
