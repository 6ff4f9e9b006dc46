/**
 * The built-in agent's commands, advertised to the client with
 * `available_commands_update` and run by a `/name argument` prompt.
 *
 * See protocol docs: https://agentclientprotocol.com/protocol/v1/slash-commands
 */
import { basename } from 'node:path';
import type { AvailableCommand } from '@agentclientprotocol/sdk';
import { describeText, languageOf } from './describeFile.ts';
import { code, count, fence, size } from './markdown.ts';
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
  description: 'What I can do',
  plan: () => ['Look at the working folder'],
  async run(turn, unknownCommand) {
    const { entries } = await turn.tool(
      { title: 'List the working folder', kind: 'read', rawInput: { path: '.' } },
      async () => {
        const listing = await listFiles(turn.cwd, { depth: 0, signal: turn.signal });
        return { status: 'completed', text: listing.entries.join('\n'), ...listing };
      },
    );
    const usage = availableCommands.map(
      ({ name, description, input }) =>
        `- ${code(input ? `/${name} <${input.hint}>` : `/${name}`)}: ${description}`,
    );
    const apology = unknownCommand.startsWith('/')
      ? `I have no ${code(unknownCommand)} command. `
      : '';
    return [
      `${apology}I am Switchboard's built-in agent. I work offline, without a language model, on the files of ${code(turn.cwd)} (${count(entries.length, 'entry', 'entries')} at the top). My commands:`,
      '',
      ...usage,
      '',
      'You can also just ask: name a file ("what is in README.md?"), ask me to run something ("run `npm test`"), or ask about the project ("what files are here?").',
    ].join('\n');
  },
};

const ls: Command = {
  description: 'List the files of the working folder',
  plan: () => ['List the working folder', 'Look for a README'],
  async run(turn) {
    const listing = await turn.tool(
      { title: `List ${basename(turn.cwd)}`, kind: 'read', rawInput: { path: '.', depth: 2 } },
      async () => {
        const result = await listFiles(turn.cwd, { signal: turn.signal });
        return { status: 'completed', text: fence(result.entries.join('\n')), ...result };
      },
    );
    await turn.step();
    const readme = await turn.tool(
      { title: 'Look for a README', kind: 'read', rawInput: { path: '.' } },
      async () => {
        const found = await findReadme(turn.cwd);
        const text = found ? `${found.path}: ${found.heading ?? '(no heading)'}` : 'No README.';
        return { status: 'completed', text, found };
      },
    );
    if (listing.entries.length === 0) return `The folder ${code(turn.cwd)} is empty.`;
    const shown = listing.truncated ? `the first ${listing.entries.length}` : 'its';
    const lines = [
      `Here are ${shown} files and folders of ${code(turn.cwd)}, folders first, two levels deep (without \`node_modules\` and \`.git\`):`,
      '',
      fence(listing.entries.join('\n')),
    ];
    if (readme.found?.heading) {
      lines.push(
        '',
        `The README (${code(readme.found.path)}) opens with **${readme.found.heading}**.`,
      );
    } else if (readme.found) {
      lines.push('', `There is a README (${code(readme.found.path)}) without a heading.`);
    } else {
      lines.push('', 'There is no README here.');
    }
    return lines.join('\n');
  },
};

const read: Command = {
  description: 'Summarise a file: size, lines, what it holds, how it starts',
  hint: 'path',
  plan: (path) => [`Check that ${path || 'the path'} is in the working folder`, `Read ${path}`],
  async run(turn, path) {
    if (!path) return 'Which file? Give me its path: `/read <path>`.';
    const absolute = await resolveInside(turn.cwd, path);
    if (!absolute) {
      return `I will not read ${code(path)}: it resolves outside my working folder ${code(turn.cwd)}, and I only read files inside it.`;
    }
    await turn.step();
    const file = await turn.tool(
      { title: `Read ${path}`, kind: 'read', rawInput: { path }, locations: [{ path: absolute }] },
      async () => {
        const found = await readWorkspaceFile(turn.cwd, path);
        if (!found) return { status: 'failed', text: `${path} does not exist.`, found };
        const head = found.kind === 'text' ? found.text.split('\n').slice(0, headLines) : [];
        const text = found.kind === 'text' ? fence(head.join('\n'), languageOf(path)) : found.kind;
        return { status: 'completed', text, rawOutput: { size: found.size }, found };
      },
    );
    const { found } = file;
    if (!found)
      return `There is no file ${code(path)} in ${code(turn.cwd)}. \`/ls\` shows what there is.`;
    if (found.kind === 'folder') {
      return `${code(found.path)} is a folder, not a file. \`/ls\` lists it with the rest.`;
    }
    if (found.kind === 'binary') {
      return `${code(found.path)} is a binary file of ${size(found.size)}; I only summarise text.`;
    }
    const lines = found.text.split('\n');
    const lineCount = found.text.endsWith('\n') ? lines.length - 1 : lines.length;
    return [
      `${code(found.path)} is ${size(found.size)} long, ${count(lineCount, 'line')}. ${describeText(found.path, found.text).join(' ')}`.trim(),
      '',
      lineCount > headLines ? `Its first ${headLines} lines:` : 'Here it is:',
      '',
      fence(lines.slice(0, headLines).join('\n'), languageOf(found.path)),
    ].join('\n');
  },
};

const grep: Command = {
  description: 'Search the text files for a string',
  hint: 'text',
  plan: (text) => [`Search the text files for "${text}"`],
  async run(turn, needle) {
    if (!needle) return 'What should I look for? `/grep <text>` searches every text file here.';
    const result = await turn.tool(
      { title: `Search for "${needle}"`, kind: 'search', rawInput: { text: needle } },
      async () => {
        const found = await searchFiles(turn.cwd, needle, { signal: turn.signal });
        const lines = found.hits.map((hit) => `${hit.path}:${hit.line}: ${hit.text}`);
        const text = lines.length > 0 ? fence(lines.join('\n')) : 'No match.';
        return { status: 'completed', text, rawOutput: { hits: found.hits.length }, ...found };
      },
    );
    const searched = `I searched ${count(result.filesSearched, 'text file')}, skipping \`node_modules\`, \`.git\`, binaries and files over 1 MB`;
    if (result.hits.length === 0) return `Nothing here contains ${code(needle)}. ${searched}.`;
    const files = new Set(result.hits.map((hit) => hit.path)).size;
    const lines = result.hits.map((hit) => `${hit.path}:${hit.line}: ${hit.text}`);
    return [
      `${code(needle)} appears on ${count(result.hits.length, 'line')} in ${count(files, 'file')}${result.truncated ? ' (I stopped at 50)' : ''}. ${searched}.`,
      '',
      fence(lines.join('\n')),
    ].join('\n');
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

/** The commands as ACP advertises them. */
export const availableCommands: AvailableCommand[] = commandNames.map((name) => {
  const { description, hint }: Command = commands[name];
  return hint ? { name, description, input: { hint } } : { name, description };
});
