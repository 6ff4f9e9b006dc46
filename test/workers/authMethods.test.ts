import { describe, expect, it } from 'vitest';
import { authMethodView, offeredAuthMethods } from '../../workers/authMethods.ts';

describe('the ways to log in an agent offers', () => {
  it('keeps the variables of ACP draft `env_var` methods, which the SDK drops (Codex 0.16)', () => {
    const result = {
      authMethods: [
        { id: 'chatgpt', name: 'Login with ChatGPT', description: 'Use your ChatGPT login' },
        {
          type: 'env_var',
          id: 'openai-api-key',
          name: 'Use OPENAI_API_KEY',
          description: 'Requires setting the `OPENAI_API_KEY` environment variable.',
          vars: [{ name: 'OPENAI_API_KEY' }],
        },
        { type: 'env_var', id: 'old', name: 'Old draft', varName: 'OLD_KEY' },
      ],
    };
    expect(offeredAuthMethods(result)).toEqual([
      {
        id: 'chatgpt',
        name: 'Login with ChatGPT',
        description: 'Use your ChatGPT login',
        type: 'agent',
        env: [],
      },
      {
        id: 'openai-api-key',
        name: 'Use OPENAI_API_KEY',
        description: 'Requires setting the `OPENAI_API_KEY` environment variable.',
        type: 'env_var',
        env: ['OPENAI_API_KEY'],
      },
      { id: 'old', name: 'Old draft', description: '', type: 'env_var', env: ['OLD_KEY'] },
    ]);
  });

  it('reads a variable a description names (Qwen Code), or one the agent is known to read', () => {
    const result = {
      authMethods: [
        {
          id: 'openai',
          name: 'Use OpenAI API key',
          description: 'Requires setting the `OPENAI_API_KEY` environment variable',
          _meta: { type: 'terminal', args: ['--auth-type=openai'] },
        },
        { id: 'gemini-api-key', name: 'Gemini API key', description: 'Use an API key' },
        // Backticks alone, with no word of a variable, name nothing.
        { id: 'login', name: 'Log in', description: 'Run `LOGIN` in a shell' },
      ],
    };
    const known = { 'gemini-api-key': ['GEMINI_API_KEY'] };
    expect(offeredAuthMethods(result, known).map(({ id, env }) => ({ id, env }))).toEqual([
      { id: 'openai', env: ['OPENAI_API_KEY'] },
      { id: 'gemini-api-key', env: ['GEMINI_API_KEY'] },
      { id: 'login', env: [] },
    ]);
  });

  it('keeps a terminal method’s arguments and variables (Claude’s adapter), and leaves out unknown types', () => {
    const result = {
      authMethods: [
        { id: 'claude-login', name: 'Log in with Claude', type: 'terminal', args: ['--cli'] },
        { id: 'future', name: 'Future', type: 'oauth_device' },
        { id: 'agent', name: 'Agent', type: 'agent' },
      ],
    };
    expect(offeredAuthMethods(result)).toEqual([
      {
        id: 'claude-login',
        name: 'Log in with Claude',
        description: '',
        type: 'terminal',
        env: [],
        terminal: { args: ['--cli'], env: {} },
      },
      { id: 'agent', name: 'Agent', description: '', type: 'agent', env: [] },
    ]);
  });

  it('runs no terminal login with more than the agent may ask: strings, sizes, no SWITCHBOARD_*', () => {
    const [login] = offeredAuthMethods({
      authMethods: [
        {
          id: 'login',
          name: 'Log in',
          type: 'terminal',
          args: ['--login', 3, null, 'a'.repeat(1001), ...Array.from({ length: 30 }, () => 'x')],
          env: {
            LOGIN_MODE: 'tty',
            SWITCHBOARD_TOKEN: 'stolen',
            'NOT=A NAME': 'x',
            NUMBER: 3,
            LONG: 'v'.repeat(5000),
          },
        },
      ],
    });
    expect(login!.terminal!.args).toEqual(['--login', ...Array.from({ length: 19 }, () => 'x')]);
    expect(login!.terminal!.env).toEqual({ LOGIN_MODE: 'tty' });
  });

  it('takes nothing an agent sends on trust: no shape, too many, too long, bad names', () => {
    expect(offeredAuthMethods(undefined)).toEqual([]);
    expect(offeredAuthMethods({ authMethods: 'all' })).toEqual([]);
    expect(
      offeredAuthMethods({ authMethods: [null, 3, { id: 1, name: 'x' }, { id: 'x' }] }),
    ).toEqual([]);
    const many = Array.from({ length: 50 }, (_, index) => ({ id: `m${index}`, name: 'M' }));
    expect(offeredAuthMethods({ authMethods: many })).toHaveLength(20);
    const [long] = offeredAuthMethods({
      authMethods: [
        {
          id: 'long',
          name: 'n'.repeat(10_000),
          description: 'd'.repeat(10_000),
          type: 'env_var',
          vars: [{ name: 'A=B' }, { name: '' }, { name: 'GOOD' }, { name: 'GOOD' }, 'BAD', {}],
        },
      ],
    });
    expect(long).toMatchObject({ env: ['GOOD'] });
    expect(long!.name).toHaveLength(200);
    expect(long!.description).toHaveLength(2000);
  });

  it('says whether the agent’s environment has each variable, never its value', () => {
    const offer = {
      id: 'k',
      name: 'Key',
      description: '',
      type: 'env_var' as const,
      env: ['SET_KEY', 'EMPTY', 'MISSING'],
    };
    expect(authMethodView(offer, { SET_KEY: 'secret', EMPTY: '' })).toEqual({
      id: 'k',
      name: 'Key',
      description: '',
      type: 'env_var',
      env: [
        { name: 'SET_KEY', set: true },
        { name: 'EMPTY', set: false },
        { name: 'MISSING', set: false },
      ],
    });
  });
});
