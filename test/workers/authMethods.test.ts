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
      { id: 'chatgpt', name: 'Login with ChatGPT', description: 'Use your ChatGPT login', env: [] },
      {
        id: 'openai-api-key',
        name: 'Use OPENAI_API_KEY',
        description: 'Requires setting the `OPENAI_API_KEY` environment variable.',
        env: ['OPENAI_API_KEY'],
      },
      { id: 'old', name: 'Old draft', description: '', env: ['OLD_KEY'] },
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

  it('leaves out terminal methods (never passed to `authenticate`) and types it does not know', () => {
    const result = {
      authMethods: [
        { id: 'claude-login', name: 'Log in with Claude', type: 'terminal', args: ['--cli'] },
        { id: 'future', name: 'Future', type: 'oauth_device' },
        { id: 'agent', name: 'Agent', type: 'agent' },
      ],
    };
    expect(offeredAuthMethods(result).map((method) => method.id)).toEqual(['agent']);
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
    const offer = { id: 'k', name: 'Key', description: '', env: ['SET_KEY', 'EMPTY', 'MISSING'] };
    expect(authMethodView(offer, { SET_KEY: 'secret', EMPTY: '' })).toEqual({
      id: 'k',
      name: 'Key',
      description: '',
      env: [
        { name: 'SET_KEY', set: true },
        { name: 'EMPTY', set: false },
        { name: 'MISSING', set: false },
      ],
    });
  });
});
