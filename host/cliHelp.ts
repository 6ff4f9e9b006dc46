import { homedir } from 'node:os';
import { join, sep } from 'node:path';
import { configCandidate } from './config/configPath.ts';
import { peekLanguage } from './config/peekLanguage.ts';
import { RecentFiles } from './config/RecentFiles.ts';
import { translate, type Language, type MessageKey } from './i18n.ts';
import { defaultConfigPath, stateDir } from './stateDirs.ts';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The language `--help` speaks: the one of the configuration file the host would open, read
 * without creating or opening it (`en` when there is none yet).
 */
export async function helpLanguage(flag: string | undefined, env: Env): Promise<Language> {
  const recent = await new RecentFiles(join(stateDir(env), 'recent.json')).list();
  return peekLanguage(configCandidate(flag, env, recent).path);
}

/** A path as a person would type it: the home folder as `~`. */
const short = (path: string): string => {
  const home = homedir();
  return path === home || path.startsWith(home + sep) ? `~${path.slice(home.length)}` : path;
};

/**
 * What `switchboard --help` prints (CONTRACT.md §1): the command line, its options and the
 * environment variables, in `language`, with the defaults this environment gives.
 *
 * @example
 * console.log(helpText('fr', process.env));
 */
export function helpText(language: Language, env: Env, width = 80): string {
  const t = (key: MessageKey, values?: Record<string, string>) => translate(language, key, values);
  const [path, address] = [t('cli.help.placeholder.path'), t('cli.help.placeholder.address')];
  const options: [string, string][] = [
    [`--config ${path}`, t('cli.help.option.config', { path: short(defaultConfigPath(env)) })],
    [`--host ${address}`, t('cli.help.option.host')],
    ['--port N', t('cli.help.option.port')],
    ['--tls', t('cli.help.option.tls')],
    ['--no-open', t('cli.help.option.noOpen')],
    ['--help', t('cli.help.option.help')],
  ];
  const environment: [string, string][] = [
    ['SWITCHBOARD_CONFIG', t('cli.help.env.config')],
    ['SWITCHBOARD_TOKEN', t('cli.help.env.token')],
    [
      'SWITCHBOARD_STATE_DIR',
      t('cli.help.env.stateDir', {
        path: short(stateDir({ ...env, SWITCHBOARD_STATE_DIR: undefined })),
      }),
    ],
    ['SWITCHBOARD_LOG_LEVEL', t('cli.help.env.logLevel')],
    ['SWITCHBOARD_MESH_TTL', t('cli.help.env.meshTtl')],
    ['SWITCHBOARD_APP_DIR', t('cli.help.env.appDir')],
  ];
  const column = Math.max(...[...options, ...environment].map(([name]) => name.length)) + 4;
  const table = (rows: [string, string][]) =>
    rows.flatMap(([name, text]) =>
      wrap(text, Math.max(width - column, 30)).map(
        (line, index) => (index === 0 ? `  ${name}`.padEnd(column) : ' '.repeat(column)) + line,
      ),
    );
  const usage = `switchboard [--config ${path}] [--host ${address}] [--port N] [--tls] [--no-open]`;
  return [
    t('cli.help.intro'),
    '',
    `${t('cli.help.usage')} ${usage}`,
    `${' '.repeat(t('cli.help.usage').length)} npm start -- [${t('cli.help.sameOptions')}]`,
    '',
    t('cli.help.options'),
    ...table(options),
    '',
    t('cli.help.environment'),
    ...table(environment),
    '',
    ...wrap(t('cli.help.stop'), width),
    '',
  ].join('\n');
}

/** `text` cut at spaces into lines of at most `width` characters (a longer word stays whole). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return [...lines, line];
}
