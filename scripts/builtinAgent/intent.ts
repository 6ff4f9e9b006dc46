/**
 * Turns a prompt into one of the built-in agent's commands: a `/command` as
 * typed, or a guess from free text (a backtick command, a file name, a
 * question about the project).
 */
import { fileURLToPath } from 'node:url';
import type { ContentBlock } from '@agentclientprotocol/sdk';
import type { Say } from '../../locales/translate.ts';
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

// English and French, whatever the language configured: "que contient ce dossier ?" is understood
// in an English session too.
const projectQuestion =
  /\b(files?|folders?|director(y|ies)|project|repo(sitory)?|codebase|workspace|tree|structure|ls|fichiers?|dossiers?|r[ée]pertoires?|projet|d[ée]p[ôo]t|arborescence|liste)\b|what'?s here|que contient|qu[’']y a-t-il/i;
const searchRequest =
  /^(?:please\s+)?(?:search(?:\s+for)?|grep|look\s+for|cherche[rz]?|recherche[rz]?)\s+(.+)$/i;
const runRequest =
  /^(?:please\s+|can you\s+|could you\s+|peux-tu\s+|pourrais-tu\s+)?(?:run|lance[rz]?|ex[ée]cute[rz]?)\s+(.+?)[.?!]?$/i;
const runAnywhere = /\b(?:run|lance[rz]?|ex[ée]cute[rz]?)\s+(.+?)[.?!]?$/i;
const testsTarget =
  /^(?:the\s+|les\s+|la\s+)?(?:tests?|test suite|unit tests|suite de tests|tests unitaires)(?:\s+please|\s+s[’']il te pla[iî]t)?$/i;
const notACommand =
  /^(?:the|this|that|these|those|it|a|an|my|your|our|all|some|them|into|le|la|les|ce|cet|cette|ces|un|une|des|du|mon|ma|mes|ton|ta|tes|son|sa|ses|notre|nos|votre|vos|leur|leurs|tout|tous)\b/i;

/** The command to run for "run <target>", or undefined when `target` is prose. */
async function runCommandFor(cwd: string, target: string): Promise<string | undefined> {
  if (testsTarget.test(target)) return findTestCommand(cwd);
  return notACommand.test(target) ? undefined : target;
}

/** Decides what to do with the prompt `text` in the folder `cwd`, its reason in the language of `t`. */
export async function interpret(
  t: Say,
  cwd: string,
  text: string,
  files: string[] = [],
): Promise<Intent> {
  const slash = /^\/(\S+)\s*([\s\S]*)$/.exec(text);
  if (slash) {
    const [, name = '', argument = ''] = slash;
    const command = code(`/${name}`);
    if (isCommandName(name)) {
      return {
        command: name,
        argument: argument.trim(),
        reason: t('builtin.intent.slash', { command }),
      };
    }
    return {
      command: 'help',
      argument: `/${name}`,
      reason: t('builtin.intent.unknown', { command }),
    };
  }
  const backticks = /`([^`]+)`/.exec(text)?.[1]?.trim();
  if (backticks) {
    return {
      command: 'run',
      argument: backticks,
      reason: t('builtin.intent.quoted', { command: code(backticks) }),
    };
  }
  const asked = runRequest.exec(text)?.[1]?.trim();
  const run = asked && (await runCommandFor(cwd, asked));
  if (run) {
    return {
      command: 'run',
      argument: run,
      reason: t('builtin.intent.run', { command: code(run) }),
    };
  }
  const search = searchRequest.exec(text)?.[1]?.replace(/^["'“«]\s*|\s*["'”»]$/g, '');
  if (search) {
    return {
      command: 'grep',
      argument: search,
      reason: t('builtin.intent.search', { text: code(search) }),
    };
  }
  const file = files[0] ?? (await findMentionedFile(cwd, text));
  if (file) {
    return {
      command: 'read',
      argument: file,
      reason: t('builtin.intent.read', { path: code(file) }),
    };
  }
  const mentioned = runAnywhere.exec(text)?.[1]?.trim();
  const runMentioned = mentioned && (await runCommandFor(cwd, mentioned));
  if (runMentioned) {
    return {
      command: 'run',
      argument: runMentioned,
      reason: t('builtin.intent.mentionsRun', { command: code(runMentioned) }),
    };
  }
  if (projectQuestion.test(text)) {
    return { command: 'ls', argument: '', reason: t('builtin.intent.project') };
  }
  return { command: 'help', argument: '', reason: t('builtin.intent.help') };
}
