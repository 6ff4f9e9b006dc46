import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { validateConfig } from '../../host/config/validateConfig.ts';

export interface ValidationFolder {
  /** The temporary folder of the configuration file. */
  folder: string;
  /** `config.yaml` in it (not written: the text is checked as that file's). */
  configPath: string;
  /** A PATH of one folder, `bin/`, holding `agent-bin` (executable) and `readme` (not executable). */
  env: Record<string, string>;
  /** Each problem of `text` as `line:column E|W message`, the way a person scans them. */
  problems: (text: string) => string[];
}

/**
 * For a test file: a folder with a `work/` folder and a `bin/` of programs, and `problems(text)`
 * that checks a configuration's text as a file of that folder, with that `bin/` as PATH.
 */
export function validationFolderPerFile(): ValidationFolder {
  const fixture: ValidationFolder = {
    folder: '',
    configPath: '',
    env: {},
    problems: (text) =>
      validateConfig(text, fixture.configPath, { env: fixture.env }).problems.map(
        (problem) =>
          `${problem.line}:${problem.column} ${problem.warning ? 'W' : 'E'} ${problem.message}`,
      ),
  };
  beforeAll(async () => {
    fixture.folder = await mkdtemp(join(tmpdir(), 'switchboard-validate-'));
    fixture.configPath = join(fixture.folder, 'config.yaml');
    const bin = join(fixture.folder, 'bin');
    await mkdir(bin);
    await mkdir(join(fixture.folder, 'work'));
    await writeFile(join(bin, 'agent-bin'), '#!/bin/sh\n');
    await chmod(join(bin, 'agent-bin'), 0o755);
    await writeFile(join(bin, 'readme'), 'not a program');
    fixture.env = { PATH: bin };
  });
  afterAll(async () => {
    await rm(fixture.folder, { recursive: true, force: true });
  });
  return fixture;
}

/** The same text with `language: fr` first. */
export const inFrench = (text: string) => `language: fr\n${text}`;
