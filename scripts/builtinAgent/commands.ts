/**
 * The built-in agent's commands, advertised to the client with
 * `available_commands_update` and run by a `/name argument` prompt.
 *
 * See protocol docs: https://agentclientprotocol.com/protocol/v1/slash-commands
 */
import { basename } from 'node:path';
import type { AvailableCommand } from '@agentclientprotocol/sdk';
import { describeText, languageOf } from './describeFile.ts';
import type { Say } from '../../locales/translate.ts';
import { code, fence, size } from './markdown.ts';
import { planCommand } from './planCommand.ts';
import { runCommand } from './runCommand.ts';
import type { Command } from './Turn.ts';
import {
  findReadme,
  listFiles,
  readWorkspaceFile,
  resolveInside,
  searchFiles,
} from './workspace.ts';

const headLines = 15;

const help: Command = {
  description: 'builtin.help.description',
  plan: (t) => [t('builtin.step.listFolder')],
  async run(turn, unknownCommand) {
    const { t } = turn;
    const { entries } = await turn.tool(
      { title: t('builtin.step.listFolder'), kind: 'read', rawInput: { path: '.' } },
      async () => {
        const listing = await listFiles(turn.cwd, { depth: 0, signal: turn.signal });
        return { status: 'completed', text: listing.entries.join('\n'), ...listing };
      },
    );
    const usage = availableCommands(t).map(
      ({ name, description, input }) =>
        `- ${code(input ? `/${name} <${input.hint}>` : `/${name}`)}: ${description}`,
    );
    const intro = t('builtin.help.intro', {
      folder: code(turn.cwd),
      entries: t('builtin.count.entries', { count: entries.length }),
    });
    const apology = unknownCommand.startsWith('/')
      ? `${t('builtin.help.unknown', { command: code(unknownCommand) })} `
      : '';
    return [
      `${apology}${intro}`,
      '',
      ...usage,
      '',
      t('builtin.help.ask', { example: '`npm test`' }),
    ].join('\n');
  },
};

const ls: Command = {
  description: 'builtin.ls.description',
  plan: (t) => [t('builtin.step.listFolder'), t('builtin.step.readme')],
  async run(turn) {
    const { t } = turn;
    const listing = await turn.tool(
      {
        title: t('builtin.ls.title', { folder: basename(turn.cwd) }),
        kind: 'read',
        rawInput: { path: '.', depth: 2 },
      },
      async () => {
        const result = await listFiles(turn.cwd, { signal: turn.signal });
        return { status: 'completed', text: fence(result.entries.join('\n')), ...result };
      },
    );
    await turn.step();
    const readme = await turn.tool(
      { title: t('builtin.step.readme'), kind: 'read', rawInput: { path: '.' } },
      async () => {
        const found = await findReadme(turn.cwd);
        const text = found
          ? `${found.path}: ${found.heading ?? t('builtin.ls.noHeading')}`
          : t('builtin.ls.noReadme');
        return { status: 'completed', text, found };
      },
    );
    const folder = code(turn.cwd);
    if (listing.entries.length === 0) return t('builtin.ls.empty', { folder });
    const lines = [
      t('builtin.ls.listing', {
        truncated: listing.truncated ? 'yes' : 'no',
        shown: listing.entries.length,
        folder,
      }),
      '',
      fence(listing.entries.join('\n')),
      '',
    ];
    const found = readme.found;
    if (found?.heading) {
      lines.push(t('builtin.ls.readmeHeading', { path: code(found.path), heading: found.heading }));
    } else if (found) {
      lines.push(t('builtin.ls.readmeNoHeading', { path: code(found.path) }));
    } else {
      lines.push(t('builtin.ls.noReadmeHere'));
    }
    return lines.join('\n');
  },
};

const read: Command = {
  description: 'builtin.read.description',
  hint: 'builtin.read.hint',
  plan: (t, path) => [
    t('builtin.read.check', { path: path || t('builtin.read.thePath') }),
    t('builtin.read.title', { path }),
  ],
  async run(turn, path) {
    const { t } = turn;
    if (!path) return t('builtin.read.which', { usage: code(`/read <${t('builtin.read.hint')}>`) });
    const folder = code(turn.cwd);
    const absolute = await resolveInside(turn.cwd, path);
    if (!absolute) return t('builtin.read.outside', { path: code(path), folder });
    await turn.step();
    const file = await turn.tool(
      {
        title: t('builtin.read.title', { path }),
        kind: 'read',
        rawInput: { path },
        locations: [{ path: absolute }],
      },
      async () => {
        const found = await readWorkspaceFile(turn.cwd, path);
        if (!found)
          return { status: 'failed', text: t('builtin.read.noSuchFile', { path }), found };
        const head = found.kind === 'text' ? found.text.split('\n').slice(0, headLines) : [];
        const text = found.kind === 'text' ? fence(head.join('\n'), languageOf(path)) : found.kind;
        return { status: 'completed', text, rawOutput: { size: found.size }, found };
      },
    );
    const { found } = file;
    if (!found) return t('builtin.read.missing', { path: code(path), folder, ls: '`/ls`' });
    const named = code(found.path);
    if (found.kind === 'folder') return t('builtin.read.folder', { path: named, ls: '`/ls`' });
    if (found.kind === 'binary') {
      return t('builtin.read.binary', { path: named, size: size(t, found.size) });
    }
    const lines = found.text.split('\n');
    const lineCount = found.text.endsWith('\n') ? lines.length - 1 : lines.length;
    const summary = t('builtin.read.summary', {
      path: named,
      size: size(t, found.size),
      lines: t('builtin.count.lines', { count: lineCount }),
    });
    return [
      [summary, ...describeText(t, found.path, found.text)].join(' '),
      '',
      lineCount > headLines
        ? t('builtin.read.head', { count: headLines })
        : t('builtin.read.whole'),
      '',
      fence(lines.slice(0, headLines).join('\n'), languageOf(found.path)),
    ].join('\n');
  },
};

const grep: Command = {
  description: 'builtin.grep.description',
  hint: 'builtin.grep.hint',
  plan: (t, text) => [t('builtin.grep.plan', { text })],
  async run(turn, needle) {
    const { t } = turn;
    if (!needle)
      return t('builtin.grep.which', { usage: code(`/grep <${t('builtin.grep.hint')}>`) });
    const result = await turn.tool(
      {
        title: t('builtin.grep.title', { text: needle }),
        kind: 'search',
        rawInput: { text: needle },
      },
      async () => {
        const found = await searchFiles(turn.cwd, needle, { signal: turn.signal });
        const lines = found.hits.map((hit) => `${hit.path}:${hit.line}: ${hit.text}`);
        const text = lines.length > 0 ? fence(lines.join('\n')) : t('builtin.grep.noMatch');
        return { status: 'completed', text, rawOutput: { hits: found.hits.length }, ...found };
      },
    );
    const searched = t('builtin.grep.searched', {
      files: t('builtin.count.textFiles', { count: result.filesSearched }),
    });
    if (result.hits.length === 0) return t('builtin.grep.none', { needle: code(needle), searched });
    const files = new Set(result.hits.map((hit) => hit.path)).size;
    const lines = result.hits.map((hit) => `${hit.path}:${hit.line}: ${hit.text}`);
    const found = t('builtin.grep.found', {
      needle: code(needle),
      lines: t('builtin.count.lines', { count: result.hits.length }),
      files: t('builtin.count.files', { count: files }),
      truncated: result.truncated ? 'yes' : 'no',
      searched,
    });
    return [found, '', fence(lines.join('\n'))].join('\n');
  },
};

/** Every command, by name. */
export const commands = {
  help,
  ls,
  read,
  grep,
  run: runCommand,
  plan: planCommand,
} satisfies Record<string, Command>;

/** The name of a command. */
export type CommandName = keyof typeof commands;

/** The names of the commands, in the order `/help` lists them. */
export const commandNames = Object.keys(commands) as CommandName[];

/** The commands as ACP advertises them, described in the language of `t`. */
export const availableCommands = (t: Say): AvailableCommand[] =>
  commandNames.map((name) => {
    const { description, hint }: Command = commands[name];
    return hint
      ? { name, description: t(description), input: { hint: t(hint) } }
      : { name, description: t(description) };
  });
