/**
 * What only this machine can tell about a configuration: whether each agent's command can be run
 * and its folder exists. These are warnings: the file is still used (the command may be installed
 * later, the folder mounted later), and a start that fails says why.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, dirname, extname, isAbsolute, join, resolve } from 'node:path';
import type { AgentSite, Finding } from '../../schema/configCheck/finding.ts';
import { formatPath } from '../../schema/configCheck/yamlNodes.ts';
import { resolveFolder } from './resolveConfig.ts';

export interface EnvironmentOptions {
  /** The environment whose `PATH` commands are looked up in (an agent's own `env.PATH` wins). */
  env?: Record<string, string | undefined>;
  platform?: NodeJS.Platform;
}

type Kind = 'file' | 'executable' | 'folder' | 'missing';

function kindOf(path: string, platform: NodeJS.Platform): Kind {
  let stats;
  try {
    stats = statSync(path, { throwIfNoEntry: false });
  } catch {
    return 'missing'; // not a path this system can reach: too long, a NUL byte, a file as a folder
  }
  if (!stats) return 'missing';
  if (stats.isDirectory()) return 'folder';
  if (platform === 'win32') return 'executable';
  try {
    accessSync(path, constants.X_OK);
    return 'executable';
  } catch {
    return 'file';
  }
}

/** The places a bare command name is looked for, as the agent's spawn will look. */
function candidates(
  command: string,
  searchPath: string,
  platform: NodeJS.Platform,
  env: EnvironmentOptions['env'],
) {
  const separator = platform === 'win32' ? ';' : delimiter;
  const extensions =
    platform === 'win32' && extname(command) === ''
      ? ['', ...(env?.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';')]
      : [''];
  return searchPath
    .split(separator)
    .filter((folder) => folder !== '')
    .flatMap((folder) => extensions.map((extension) => join(folder, command + extension)));
}

/** The warnings about each agent's `command` and `cwd` on this machine. */
export function environmentFindings(
  sites: readonly AgentSite[],
  configPath: string,
  options: EnvironmentOptions = {},
): Finding[] {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const configFolder = dirname(resolve(configPath));
  const findings: Finding[] = [];
  const found = new Map<string, boolean>();
  for (const site of sites) {
    const cwd = resolveFolder(site.cwd?.value ?? '.', configFolder);
    if (site.cwd) {
      const kind = kindOf(cwd, platform);
      if (kind !== 'folder') {
        findings.push({
          line: site.cwd.line,
          column: site.cwd.column,
          warning: true,
          code: kind === 'missing' ? 'cwdMissing' : 'cwdNotFolder',
          values: { path: formatPath(['agents', site.name, 'cwd']), folder: cwd },
        });
      }
    }
    if (!site.command) continue;
    const command = site.command.value;
    const path = formatPath(['agents', site.name, 'command']);
    const at = { line: site.command.line, column: site.command.column, warning: true };
    const isPath = /[\\/]/.test(command) || (platform === 'win32' && /^[A-Za-z]:/.test(command));
    if (isPath) {
      // A relative command is run from the agent's folder.
      const kind = kindOf(isAbsolute(command) ? command : resolve(cwd, command), platform);
      if (kind !== 'executable') {
        const code = kind === 'missing' ? 'commandMissing' : 'commandNotExecutable';
        findings.push({ ...at, code, values: { path, command } });
      }
      continue;
    }
    const searchPath = site.path ?? env.PATH ?? env.Path ?? '';
    const key = `${searchPath}\u0000${command}`;
    let onPath = found.get(key);
    if (onPath === undefined) {
      onPath = candidates(command, searchPath, platform, env).some(
        (candidate) => kindOf(candidate, platform) === 'executable',
      );
      found.set(key, onPath);
    }
    if (!onPath) findings.push({ ...at, code: 'commandNotFound', values: { path, command } });
  }
  return findings;
}
