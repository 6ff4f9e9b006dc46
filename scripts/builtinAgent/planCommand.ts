/**
 * `/plan <task>`: surveys the project and sketches the steps of a task,
 * naming the files and the test command that fit it.
 */
import { code } from './markdown.ts';
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
  const { t } = turn;
  const survey = await turn.tool(
    { title: t('builtin.plan.survey'), kind: 'read', rawInput: { path: '.' } },
    async () => {
      const [listing, readme, testCommand] = await Promise.all([
        listFiles(turn.cwd, { depth: 0, signal: turn.signal }),
        findReadme(turn.cwd),
        findTestCommand(turn.cwd),
      ]);
      const entries = t('builtin.count.entries', { count: listing.entries.length });
      const text = [
        t('builtin.plan.surveyEntries', { entries }),
        t('builtin.plan.surveyReadme', { path: readme?.path ?? t('builtin.plan.none') }),
        t('builtin.plan.surveyTests', { command: testCommand ?? t('builtin.plan.noneFound') }),
      ].join('\n');
      return { status: 'completed', text, readme, testCommand };
    },
  );
  await turn.step();
  const words = keywords(task).slice(0, 2);
  const related = await turn.tool(
    { title: t('builtin.plan.find'), kind: 'search', rawInput: { words } },
    async () => {
      const files = new Set<string>();
      const named = await findMentionedFile(turn.cwd, task);
      if (named) files.add(named);
      for (const word of words) {
        const { hits } = await searchFiles(turn.cwd, word, { maxHits: 20, signal: turn.signal });
        for (const hit of hits) files.add(hit.path);
      }
      const found = [...files].slice(0, maxFiles);
      const text = found.join('\n') || t('builtin.plan.noFile');
      return { status: 'completed', text, found, named };
    },
  );

  const { readme, testCommand } = survey;
  const [first = '', second] = words.map(code);
  const either = second ? t('builtin.plan.either', { first, second }) : first;
  const steps = [
    !readme
      ? t('builtin.plan.skim')
      : readme.heading
        ? t('builtin.plan.readReadmeHeading', { path: code(readme.path), heading: readme.heading })
        : t('builtin.plan.readReadme', { path: code(readme.path) }),
    related.found.length > 0
      ? t('builtin.plan.open', {
          files: related.found.map(code).join(', '),
          why: related.named
            ? t('builtin.plan.named')
            : t('builtin.plan.mention', { words: either }),
        })
      : words.length > 0
        ? t('builtin.plan.nowhere', { words: either })
        : t('builtin.plan.findFiles', { usage: code(`/grep <${t('builtin.grep.hint')}>`) }),
    t('builtin.plan.small'),
    testCommand
      ? t('builtin.plan.test', { command: code(testCommand), run: code(`/run ${testCommand}`) })
      : t('builtin.plan.noTest'),
  ];
  return [
    task ? t('builtin.plan.intro', { task }) : t('builtin.plan.introAny'),
    '',
    ...steps.map((step, index) => `${index + 1}. ${step}`),
    '',
    t('builtin.plan.cannotEdit'),
  ].join('\n');
}

/** `/plan <task>`. */
export const planCommand: Command = {
  description: 'builtin.plan.description',
  hint: 'builtin.plan.hint',
  plan: (t) => [t('builtin.plan.survey'), t('builtin.plan.find')],
  run,
};
