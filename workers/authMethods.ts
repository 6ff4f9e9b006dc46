import type { AuthMethodView } from '../schema/conversation.ts';

/** A way to log in an agent offered in `initialize`, as Switchboard can use it. */
export interface AuthMethodOffer {
  id: string;
  name: string;
  description: string;
  /** The environment variables the method reads (the user may set them in the agent's `env`). */
  env: string[];
}

/** The most of each an agent's offer is read for: it is shown to the user, and agents are not trusted. */
const limits = { methods: 20, variables: 10, name: 200, description: 2000 };

const variableName = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** "Requires setting the `OPENAI_API_KEY` environment variable" (Codex, Qwen Code). */
const namedInDescription = /`([A-Z][A-Z0-9_]*)`/g;

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
 * The ways to log in that an agent's raw `initialize` result offers (`authMethods`), read from the
 * JSON the agent wrote: the SDK's schema knows only `agent` and `terminal` methods and drops an
 * `env_var` method's `type` and `vars`. Which environment variables a method reads comes from its
 * `vars` (ACP's draft `env_var` methods), a variable its description names in backticks next to
 * "environment variable", or `known` (what an agent is known to read, by method id). Terminal
 * methods are left out: Switchboard does not advertise `auth.terminal`, and they are never passed
 * to `authenticate`. So are methods of a type it does not know.
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
    if (type !== 'agent' && type !== 'env_var') return [];
    const description = text(method.description, limits.description);
    const described = /environment variable/i.test(description)
      ? [...description.matchAll(namedInDescription)].map((match) => match[1]!)
      : [];
    const env = [...listedVariables(method), ...described, ...(known[method.id] ?? [])]
      .filter((name, index, all) => variableName.test(name) && all.indexOf(name) === index)
      .slice(0, limits.variables);
    return [{ id: method.id, name: text(method.name, limits.name), description, env }];
  });
}

/** A method as the app shows it: each variable with whether the agent's environment has it. */
export function authMethodView(
  offer: AuthMethodOffer,
  environment: Readonly<Record<string, string>>,
): AuthMethodView {
  const env = offer.env.map((name) => ({ name, set: (environment[name] ?? '') !== '' }));
  return { id: offer.id, name: offer.name, description: offer.description, env };
}
