import { describe, expect, it } from 'vitest';
import { inFrench, validationFolderPerFile } from '../../helpers/validationFolder.ts';

const { problems } = validationFolderPerFile();

describe('YAML syntax errors, at yaml’s own positions', () => {
  it.each([
    ["name: 'open\n", ["2:1 E YAML syntax: the closing quote ' is missing"]],
    [
      'args: [a, b\n',
      ['2:1 E YAML syntax: the closing ] is missing, or the lines inside are not indented enough'],
    ],
    ['args: ["a" "b"]\n', ['1:12 E YAML syntax: a comma is missing between two items']],
    [
      'env: {A: x B: y}\n',
      [
        '1:10 E YAML syntax: inside square brackets or curly braces, separate items with commas, and write a nested list or map in its own brackets',
      ],
    ],
    [
      'agents:\n  claude: {}\n  codex\n',
      ['3:3 E YAML syntax: this line is not `key: value` (is a `:` missing?)'],
    ],
    [
      'agents:\n  claude\n  codex: {}\n',
      ['2:3 E YAML syntax: a key must fit on one line (is a `:` missing at the end of the line?)'],
    ],
    [
      'limits:\n    maxRunningAgents: 3\n  stopIdleAgentsAfter: 0\n',
      ['3:1 E YAML syntax: the keys of one map must start at the same column'],
    ],
    ['agents:\n\tclaude: {}\n', ['2:1 E YAML syntax: tabs cannot indent YAML: use spaces']],
    [
      'theme: dark\n---\ntheme: light\n',
      ['2:1 E YAML syntax: the file holds more than one document (a second `---`): keep only one'],
    ],
    [
      'agents: claude: {}\n',
      [
        '1:9 E YAML syntax: a map cannot start on the line of its key: move it to the next line, indented',
      ],
    ],
    [
      'theme: "da\\qrk"\n',
      ['1:11 E YAML syntax: “\\q” is not a valid escape in a double-quoted string'],
    ],
    ['theme: @dark\n', ['1:8 E YAML syntax: a value cannot start with @ unless it is in quotes']],
    [
      'theme: dark # ok\ntheme2: x#fine\nicon: "x"# no\n',
      ['3:10 E YAML syntax: a `#` comment needs a space before it'],
    ],
    [
      '- a\nb: c\n',
      [
        '2:1 E YAML syntax: unexpected text here: check the indentation and the `key: value` form',
        '2:2 E YAML syntax: unexpected text here: check the indentation and the `key: value` form',
        '2:4 E YAML syntax: unexpected text here: check the indentation and the `key: value` form',
      ],
    ],
  ])('%j', (text, expected) => {
    expect(problems(text)).toEqual(expected);
  });

  it('an alias without its anchor, too many aliases, and a text nested too deeply', () => {
    expect(problems('agents:\n  claude: *base\n')).toEqual([
      '2:11 E YAML syntax: the alias *base names no anchor &base written before it',
    ]);
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
    ].join('\n');
    expect(problems(bomb)).toEqual([
      '2:8 E YAML syntax: too many aliases: the document expands to too much data',
    ]);
    expect(problems(`allowedHosts: ${'['.repeat(5000)}`)).toEqual([
      '1:79 E YAML syntax: the document nests more than 64 levels deep',
    ]);
  });

  it('an unknown tag is a warning', () => {
    expect(problems('theme: !color dark\n')).toEqual(['1:8 W YAML: unknown tag !color (ignored)']);
  });

  it('in French', () => {
    expect(problems(inFrench("agents:\n  claude:\n    command: 'npx\n"))).toEqual([
      "5:1 E Syntaxe YAML : il manque le guillemet fermant '",
    ]);
    expect(problems(inFrench('agents:\n\tclaude: {}\n'))).toEqual([
      '3:1 E Syntaxe YAML : les tabulations ne peuvent pas indenter du YAML : utilisez des espaces',
    ]);
  });
});

describe('duplicate keys', () => {
  it('are errors at the second key, with its path', () => {
    const text =
      'theme: dark\ntheme: light\nagents:\n  a:\n    command: npx\n    command: agent-bin\n';
    expect(problems(text)).toEqual([
      '2:1 E the key `theme` appears twice',
      '6:5 E the key `agents.a.command` appears twice',
    ]);
    expect(
      problems(inFrench('agents:\n  a: {command: agent-bin}\n  a: {command: agent-bin}\n')),
    ).toEqual(['4:3 E la clé `agents.a` apparaît deux fois']);
  });
});

describe('schema violations', () => {
  it('a missing required key is reported at its map', () => {
    expect(problems('agents:\n  claude:\n    title: Claude\n    args: [x]\n')).toEqual([
      '3:5 E `agents.claude` needs a `command`',
    ]);
    expect(problems('channels:\n  - machine: me\n')).toEqual([
      '2:5 E `channels[0]` needs a `name`',
      '2:5 E `channels[0]` needs a `nats`',
    ]);
    expect(problems(inFrench('agents:\n  claude: {args: [x]}\n'))).toEqual([
      '3:11 E il manque `command` à `agents.claude`',
    ]);
  });

  it('a value of the wrong type is reported at the value', () => {
    const text = [
      'agents:',
      '  claude:',
      '    command: agent-bin',
      '    args: -y',
      '    env: [A]',
      '    title: [x]',
      '  codex: npx',
      'channels: home',
      'limits: 3',
    ].join('\n');
    expect(problems(text)).toEqual([
      '4:11 E `agents.claude.args` must be a list of strings',
      '5:10 E `agents.claude.env` must be a map of `NAME: text` lines',
      '6:12 E `agents.claude.title` must be a string',
      '7:10 E `agents.codex` must be a map of `key: value` lines',
      '8:11 E `channels` must be a list',
      '9:9 E `limits` must be a map of `key: value` lines',
    ]);
  });

  it('a number or a boolean where a string goes: quote it', () => {
    const text =
      'agents:\n  a:\n    command: agent-bin\n    args: [--port, 8080]\n    env:\n      DEBUG: true\n';
    expect(problems(text)).toEqual([
      '4:20 E `agents.a.args[1]` must be a string: put 8080 in quotes',
      '6:14 E `agents.a.env.DEBUG` must be a string: put true in quotes',
    ]);
    expect(problems(inFrench('agents:\n  a: {command: agent-bin, env: {PORT: 8080}}\n'))).toEqual([
      '3:39 E `agents.a.env.PORT` doit être une chaîne de caractères : mettez 8080 entre guillemets',
    ]);
  });

  it('an empty value is reported at its key', () => {
    expect(problems('agents:\n  a:\n    command:\n')).toEqual([
      '3:5 E `agents.a.command` must be a string',
    ]);
    expect(problems('agents:\n  a:\n    command: ""\n')).toEqual([
      '3:14 E `agents.a.command` must not be empty',
    ]);
  });

  it('limits', () => {
    expect(problems('limits:\n  maxRunningAgents: 0\n  stopIdleAgentsAfter: 10 minutes\n')).toEqual(
      [
        '2:21 E `limits.maxRunningAgents` must be a whole number of 1 or more',
        '3:24 E `limits.stopIdleAgentsAfter` must be a duration such as 90s, 15m or 1h, or 0',
      ],
    );
    expect(problems('limits:\n  maxRunningAgents: 2.5\n  stopIdleAgentsAfter: 90\n')).toEqual([
      '2:21 E `limits.maxRunningAgents` must be a whole number of 1 or more',
      '3:24 E `limits.stopIdleAgentsAfter` must be a duration such as 90s, 15m or 1h, or 0',
    ]);
    expect(problems(inFrench('limits:\n  maxRunningAgents: many\n'))).toEqual([
      '3:21 E `limits.maxRunningAgents` doit être un nombre entier supérieur ou égal à 1',
    ]);
  });

  it('choices', () => {
    expect(problems('language: de\ntheme: blue\n')).toEqual([
      '1:11 E `language` must be en or fr',
      '2:8 E `theme` must be system, light, or dark',
    ]);
    expect(problems('language: fr\ntheme: bleu\n')).toEqual([
      '2:8 E `theme` doit valoir system, light ou dark',
    ]);
  });

  it('names and forms', () => {
    const text = [
      'agents:',
      '  Claude:',
      '    command: agent-bin',
      '    env: {"A=B": x}',
      'channels:',
      '  - name: home',
      '    nats: http://nas.local',
      '    user: me',
      'allowedHosts: [mybox.local, "my box"]',
    ].join('\n');
    expect(problems(text)).toEqual([
      '2:3 E the agent name “Claude” is not allowed: use 1 to 64 lowercase letters, digits, - or _, starting with a letter or a digit',
      '4:11 E `agents.Claude.env`: “A=B” is not a variable name (it must not be empty or hold `=`)',
      '6:5 E `channels[0]` has a `user` but no `password`',
      '7:11 E `channels[0].nats` must be the address of a NATS server, such as nats://host:4222',
      '9:29 E `allowedHosts[1]` must be a host name such as mybox.local, without a port',
    ]);
  });

  it('the whole file must be a map', () => {
    expect(problems('- claude\n')).toEqual([
      '1:1 E the configuration must be a map of keys such as `agents:` and `limits:`',
    ]);
    expect(problems(inFrench('')).length).toBe(0);
  });
});
