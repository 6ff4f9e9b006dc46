/**
 * Turns a prompt into one of the built-in agent's commands: a `/command` as
 * typed, or a guess from free text (a backtick command, a file name, a
 * question about the project).
 */
import { fileURLToPath } from 'node:url';
import type { ContentBlock } from '@agentclientprotocol/sdk';
import { commandNames, type CommandName } from './commands.ts';
import { code } from './markdown.ts';
import { findMentionedFile, findTestCommand } from './workspace.ts';

/** What the agent decided to do with a prompt, and why (its thought). */
export type Intent = { command: CommandName; argument: string; reason: string };

/** The prompt's text, and the files it links to (absolute paths). */
export function readPrompt(blocks: ContentBlock[]): { text: string; files: string[] } {
  const texts: string[] = [];
  const files: string[] = [];
  for (const block of blocks) {
    if (block.type === 'text') texts.push(block.text);
    const uri =
      block.type === 'resource_link'
        ? block.uri
        : block.type === 'resource'
          ? block.resource.uri
          : undefined;
    if (uri?.startsWith('file:')) {
      try {
        files.push(fileURLToPath(uri));
      } catch {
        // a file URL of another host: not a file of this machine
      }
    }
  }
  return { text: texts.join('\n').trim(), files };
}

function isCommandName(name: string): name is CommandName {
  return (commandNames as readonly string[]).includes(name);
}

const projectQuestion =
  /\b(files?|folders?|director(y|ies)|project|repo(sitory)?|codebase|workspace|tree|structure|ls)\b|what'?s here/i;
const searchRequest = /^(?:please\s+)?(?:search(?:\s+for)?|grep|look\s+for)\s+(.+)$/i;
const runRequest = /^(?:please\s+|can you\s+|could you\s+)?run\s+(.+?)[.?!]?$/i;
const runAnywhere = /\brun\s+(.+?)[.?!]?$/i;
const testsTarget = /^(?:the\s+)?(?:tests?|test suite|unit tests)(?:\s+please)?$/i;
const notACommand = /^(?:the|this|that|these|those|it|a|an|my|your|our|all|some|them|into)\b/i;

/** The command to run for "run <target>", or undefined when `target` is prose. */
async function runCommandFor(cwd: string, target: string): Promise<string | undefined> {
  if (testsTarget.test(target)) return findTestCommand(cwd);
  return notACommand.test(target) ? undefined : target;
}

/** Decides what to do with the prompt `text` in the folder `cwd`. */
export async function interpret(cwd: string, text: string, files: string[] = []): Promise<Intent> {
  const slash = /^\/(\S+)\s*([\s\S]*)$/.exec(text);
  if (slash) {
    const [, name = '', argument = ''] = slash;
    if (isCommandName(name)) {
      return {
        command: name,
        argument: argument.trim(),
        reason: `The message is the /${name} command.`,
      };
    }
    return {
      command: 'help',
      argument: `/${name}`,
      reason: `/${name} is not one of my commands; I will list the ones I have.`,
    };
  }
  const backticks = /`([^`]+)`/.exec(text)?.[1]?.trim();
  if (backticks) {
    return {
      command: 'run',
      argument: backticks,
      reason: `The message quotes the command ${code(backticks)}; running it needs the user's permission.`,
    };
  }
  const asked = runRequest.exec(text)?.[1]?.trim();
  const run = asked && (await runCommandFor(cwd, asked));
  if (run) {
    return {
      command: 'run',
      argument: run,
      reason: `The message asks me to run ${code(run)}; that needs the user's permission.`,
    };
  }
  const search = searchRequest.exec(text)?.[1]?.replace(/^["'“]|["'”]$/g, '');
  if (search) {
    return {
      command: 'grep',
      argument: search,
      reason: `The message asks me to search for ${code(search)}.`,
    };
  }
  const file = files[0] ?? (await findMentionedFile(cwd, text));
  if (file) {
    return {
      command: 'read',
      argument: file,
      reason: `The message names ${code(file)}; I will read it and summarise it.`,
    };
  }
  const mentioned = runAnywhere.exec(text)?.[1]?.trim();
  const runMentioned = mentioned && (await runCommandFor(cwd, mentioned));
  if (runMentioned) {
    return {
      command: 'run',
      argument: runMentioned,
      reason: `The message mentions running ${code(runMentioned)}; I will ask before I do.`,
    };
  }
  if (projectQuestion.test(text)) {
    return {
      command: 'ls',
      argument: '',
      reason: 'The message asks about the project, so I will look at its files.',
    };
  }
  return {
    command: 'help',
    argument: '',
    reason: 'I do not recognise a request I can act on, so I will explain what I can do.',
  };
}
