import type { AuthMethodView } from '../schema/conversation.ts';

/** A way to log in an agent offered in `initialize`, as Switchboard can use it. */
export interface AuthMethodOffer {
  id: string;
  name: string;
  description: string;
  type: AuthMethodView['type'];
  /** The environment variables the method reads (the user may set them in the agent's `env`). */
  env: string[];
  /** A `terminal` method: what to add to the agent's own command line and environment to log in. */
  terminal?: TerminalLogin;
}

/** What a `terminal` method runs: the agent's program, plus these. */
export interface TerminalLogin {
  args: string[];
  env: Record<string, string>;
}

/** The most of each an agent's offer is read for: it is shown to the user, and agents are not trusted. */
const limits = {
  methods: 20,
  variables: 10,
  name: 200,
  description: 2000,
  args: 20,
  arg: 1000,
  value: 4096,
};

const variableName = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** "Requires setting the `OPENAI_API_KEY` environment variable" (Codex, Qwen Code). */
const namedInDescription = /`([A-Z][A-Z0-9_]*)`/g;

const methodTypes: readonly unknown[] = ['agent', 'env_var', 'terminal'];
const isMethodType = (type: unknown): type is AuthMethodView['type'] => methodTypes.includes(type);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown, max: number) =>
  typeof value === 'string' ? value.slice(0, max) : '';

/** The variables an `env_var` method lists: `vars: [{name}]`, or the older `varName`. */
function listedVariables(method: Record<string, unknown>): string[] {
  const listed = Array.isArray(method.vars)
    ? method.vars.map((entry) => (isRecord(entry) ? entry.name : undefined))
    : [method.varName];
  return listed.filter((name): name is string => typeof name === 'string');
}

/**
 * A `terminal` method's `args` and `env`, kept to what may run: strings only, names of variables
 * only, never one of Switchboard's own (`SWITCHBOARD_*`, which the agent's environment lacks).
 *
 * See protocol docs: [Terminal authentication](https://agentclientprotocol.com/protocol/v1/authentication#terminal-authentication)
 */
function terminalLogin(method: Record<string, unknown>): TerminalLogin {
  const args = Array.isArray(method.args) ? method.args : [];
  const env = isRecord(method.env) ? Object.entries(method.env) : [];
  return {
    args: args
      .filter((arg): arg is string => typeof arg === 'string' && arg.length <= limits.arg)
      .slice(0, limits.args),
    env: Object.fromEntries(
      env
        .filter(
          (entry): entry is [string, string] =>
            variableName.test(entry[0]) &&
            !entry[0].startsWith('SWITCHBOARD_') &&
            typeof entry[1] === 'string' &&
            entry[1].length <= limits.value,
        )
        .slice(0, limits.variables),
    ),
  };
}

/**
 * The ways to log in that an agent's raw `initialize` result offers (`authMethods`), read from the
 * JSON the agent wrote: the SDK's schema knows only `agent` and `terminal` methods and drops an
 * `env_var` method's `type` and `vars`. Which environment variables a method reads comes from its
 * `vars` (ACP's draft `env_var` methods), a variable its description names in backticks next to
 * "environment variable", or `known` (what an agent is known to read, by method id). A `terminal`
 * method keeps its `args` and `env` (`terminalLogin`). Methods of a type Switchboard does not
 * know are left out.
 */
export function offeredAuthMethods(
  result: unknown,
  known: Readonly<Record<string, readonly string[]>> = {},
): AuthMethodOffer[] {
  const methods = isRecord(result) && Array.isArray(result.authMethods) ? result.authMethods : [];
  return methods.slice(0, limits.methods).flatMap((method): AuthMethodOffer[] => {
    if (!isRecord(method) || typeof method.id !== 'string' || typeof method.name !== 'string') {
      return [];
    }
    const type = method.type ?? 'agent';
    if (!isMethodType(type)) return [];
    const description = text(method.description, limits.description);
    const described = /environment variable/i.test(description)
      ? [...description.matchAll(namedInDescription)].map((match) => match[1]!)
      : [];
    const env = [...listedVariables(method), ...described, ...(known[method.id] ?? [])]
      .filter((name, index, all) => variableName.test(name) && all.indexOf(name) === index)
      .slice(0, limits.variables);
    const offer = { id: method.id, name: text(method.name, limits.name), description, type, env };
    return [type === 'terminal' ? { ...offer, env: [], terminal: terminalLogin(method) } : offer];
  });
}

/** A method as the app shows it: each variable with whether the agent's environment has it. */
export function authMethodView(
  offer: AuthMethodOffer,
  environment: Readonly<Record<string, string>>,
): AuthMethodView {
  const env = offer.env.map((name) => ({ name, set: (environment[name] ?? '') !== '' }));
  const { id, name, description, type } = offer;
  return { id, name, description, type, env };
}
