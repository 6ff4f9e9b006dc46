import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../../host/config/validateConfig.ts';
import { inFrench, validationFolderPerFile } from '../../helpers/validationFolder.ts';

const fixture = validationFolderPerFile();
const { problems } = fixture;

describe('warnings', () => {
  it('an unknown key, at the key, with the key it most likely meant', () => {
    const text =
      'agents:\n  claude:\n    comand: agent-bin\n    command: agent-bin\nthemes: dark\n';
    expect(problems(text)).toEqual([
      '3:5 W unknown key `agents.claude.comand` (ignored): did you mean `command`?',
      '5:1 W unknown key `themes` (ignored): did you mean `theme`?',
    ]);
    expect(problems('colour: red\n')).toEqual(['1:1 W unknown key `colour` (ignored)']);
    expect(problems(inFrench('colour: red\n'))).toEqual(['2:1 W clé inconnue `colour` (ignorée)']);
  });

  it('a command not on PATH, at the command', () => {
    const text = 'agents:\n  claude:\n    command: clode\n  ok:\n    command: agent-bin\n';
    expect(problems(text)).toEqual([
      '3:14 W `agents.claude.command`: “clode” is not found on PATH',
    ]);
    expect(problems(inFrench(text))).toEqual([
      '4:14 W `agents.claude.command` : « clode » est introuvable dans le PATH',
    ]);
  });

  it('a command looked up on the agent’s own PATH', () => {
    const text = `agents:\n  a:\n    command: agent-bin\n    env: {PATH: ${fixture.folder}}\n`;
    expect(problems(text)).toEqual(['3:14 W `agents.a.command`: “agent-bin” is not found on PATH']);
    expect(problems(`agents:\n  a:\n    command: ls\n    env: {PATH: "/usr/bin:/bin"}\n`)).toEqual(
      [],
    );
  });

  it('a command given as a path: it must exist and be executable', () => {
    const text = [
      'agents:',
      `  a: {command: ${fixture.folder}/bin/agent-bin}`,
      `  b: {command: ${fixture.folder}/bin/readme}`,
      '  c: {command: ./bin/agent-bin}',
      '  d: {command: ./agent-bin, cwd: bin}',
      '  e: {command: ./nope}',
      `  f: {command: ${fixture.folder}/bin}`,
    ].join('\n');
    expect(problems(text)).toEqual([
      `3:16 W \`agents.b.command\`: “${fixture.folder}/bin/readme” is not an executable file`,
      '6:16 W `agents.e.command`: “./nope” does not exist',
      `7:16 W \`agents.f.command\`: “${fixture.folder}/bin” is not an executable file`,
    ]);
  });

  it('a cwd that does not exist, or is not a folder', () => {
    const text = [
      'agents:',
      '  a: {command: agent-bin, cwd: work}',
      '  b: {command: agent-bin, cwd: nowhere}',
      '  c: {command: agent-bin, cwd: bin/readme}',
      '  d: {command: agent-bin, cwd: "~"}',
    ].join('\n');
    expect(problems(text)).toEqual([
      `3:32 W \`agents.b.cwd\`: the folder “${fixture.folder}/nowhere” does not exist`,
      `4:32 W \`agents.c.cwd\`: “${fixture.folder}/bin/readme” is not a folder`,
    ]);
    expect(problems(inFrench('agents:\n  b: {command: agent-bin, cwd: /nowhere}\n'))).toEqual([
      '3:32 W `agents.b.cwd` : le dossier « /nowhere » n’existe pas',
    ]);
  });

  it('a limit above the number of agents, at the limit', () => {
    expect(problems('limits:\n  maxRunningAgents: 2\n')).toEqual([
      '2:21 W `limits.maxRunningAgents` is 2, but there are no agents',
    ]);
    expect(problems('limits: {maxRunningAgents: 2}\nagents: {a: {command: agent-bin}}\n')).toEqual([
      '1:28 W `limits.maxRunningAgents` is 2, but there is only 1 agent',
    ]);
    expect(
      problems(
        inFrench(
          'limits: {maxRunningAgents: 9}\nagents: {a: {command: agent-bin}, b: {command: agent-bin}}\n',
        ),
      ),
    ).toEqual(['2:28 W `limits.maxRunningAgents` vaut 9, mais il n’y a que 2 agents']);
    // Not written, not reported: the default limit is no choice of the user.
    expect(problems('agents: {a: {command: agent-bin}}\n')).toEqual([]);
  });

  it('a permission rule for an agent the file does not have, at its name', () => {
    const text = [
      'agents: {a: {command: agent-bin}}',
      'permissions:',
      '  - {agent: a, answer: allow}',
      '  - {agent: claud, kind: edit, answer: allow}',
      '  - {answer: reject}',
      '',
    ].join('\n');
    expect(problems(text)).toEqual([
      '4:13 W `permissions[1].agent` names the agent claud, which this file does not have: the rule answers nothing',
    ]);
    expect(problems(inFrench(text))).toEqual([
      '5:13 W `permissions[1].agent` nomme l’agent claud, que ce fichier n’a pas : la règle ne répond à rien',
    ]);
  });

  it('do not stop the file from being used', () => {
    const { problems: found, config } = validateConfig(
      'colour: red\nagents: {a: {command: clode}}\n',
      fixture.configPath,
      { env: fixture.env },
    );
    expect(found.every((problem) => problem.warning)).toBe(true);
    expect(config?.agents.map((agent) => agent.name)).toEqual(['a']);
  });
});
