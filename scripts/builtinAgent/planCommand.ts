/**
 * `/plan <task>`: surveys the project and sketches the steps of a task,
 * naming the files and the test command that fit it.
 */
import { code, count } from './markdown.ts';
import type { Command, Turn } from './Turn.ts';
import {
  findMentionedFile,
  findReadme,
  findTestCommand,
  listFiles,
  searchFiles,
} from './workspace.ts';

const maxFiles = 5;
const commonWords = new Set(
  'about add after also before change could each every file files from function have into make method more need next should some than that their them then there this update when where which will with would'.split(
    ' ',
  ),
);

/** The task's words most likely to be names in the code, best first. */
function keywords(task: string): string[] {
  const words = (task.match(/[\w$.-]+/g) ?? [])
    .map((word) => word.replace(/^[.-]+|[.-]+$/g, ''))
    .filter((word) => word.length >= 4 && !commonWords.has(word.toLowerCase()));
  const codeLike = (word: string): number => (/[A-Z_$.-]|\d/.test(word.slice(1)) ? 1 : 0);
  return [...new Set(words)].sort((a, b) => codeLike(b) - codeLike(a) || b.length - a.length);
}

async function run(turn: Turn, task: string): Promise<string> {
  const survey = await turn.tool(
    { title: 'Survey the project', kind: 'read', rawInput: { path: '.' } },
    async () => {
      const [listing, readme, testCommand] = await Promise.all([
        listFiles(turn.cwd, { depth: 0, signal: turn.signal }),
        findReadme(turn.cwd),
        findTestCommand(turn.cwd),
      ]);
      const text = [
        `${count(listing.entries.length, 'entry', 'entries')} at the top`,
        `README: ${readme?.path ?? 'none'}`,
        `tests: ${testCommand ?? 'none found'}`,
      ].join('\n');
      return { status: 'completed', text, readme, testCommand };
    },
  );
  await turn.step();
  const words = keywords(task).slice(0, 2);
  const related = await turn.tool(
    { title: 'Find the files the task is about', kind: 'search', rawInput: { words } },
    async () => {
      const files = new Set<string>();
      const named = await findMentionedFile(turn.cwd, task);
      if (named) files.add(named);
      for (const word of words) {
        const { hits } = await searchFiles(turn.cwd, word, { maxHits: 20, signal: turn.signal });
        for (const hit of hits) files.add(hit.path);
      }
      const found = [...files].slice(0, maxFiles);
      return { status: 'completed', text: found.join('\n') || 'No file.', found, named };
    },
  );

  const { readme, testCommand } = survey;
  const steps = [
    readme
      ? `Read ${code(readme.path)}${readme.heading ? ` ("${readme.heading}")` : ''} for the project's conventions.`
      : 'Skim the layout with `/ls`: there is no README to start from.',
    related.found.length > 0
      ? `Open ${related.found.map(code).join(', ')}: ${related.named ? 'the task names it' : `they mention ${words.map(code).join(' or ')}`}.`
      : words.length > 0
        ? `Find where the change belongs: no file mentions ${words.map(code).join(' or ')} yet, so \`/grep\` for a neighbouring name.`
        : 'Find the files the change touches with `/grep <name>`.',
    'Make the change in small steps, each one easy to check.',
    testCommand
      ? `Run the tests with ${code(testCommand)}; I can do it for you: \`/run ${testCommand}\`.`
      : 'Check the change: I found no test command (no `test` script, Makefile target, Cargo, Go or Python project), so tell me how you check it.',
  ];
  return [
    task
      ? `Here is how I would go about "${task}":`
      : 'Here is how I would go about your next change (tell me the task after `/plan` for a closer plan):',
    '',
    ...steps.map((step, index) => `${index + 1}. ${step}`),
    '',
    'I cannot edit files myself, being an offline helper without a language model, but I can read, search and run the checks at each step.',
  ].join('\n');
}

/** `/plan <task>`. */
export const planCommand: Command = {
  description: 'Sketch the steps of a task in this project',
  hint: 'task',
  plan: () => ['Survey the project', 'Find the files the task is about'],
  run,
};
