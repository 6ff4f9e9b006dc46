import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { build, transform } from 'esbuild';
import { Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { coreBundle } from '../../scripts/coreBundle.mjs';
import type * as Core from '../../scripts/core/index.ts';

/**
 * The core reused in other hosts (issue 18): `machines/`, `statecharts/` and `schema/` bundled as
 * `npm run build:core` bundles them, loaded in a bare V8 context (`vm.createContext({})`: the
 * language's globals, and V8's own `console`, which XState reads as it loads), and driven there.
 *
 * Node 20 evaluates an ES module in a context only behind `--experimental-vm-modules`: the test
 * has esbuild rewrite the bundle's one `export { … }` into a script that assigns the same
 * namespace to one global, and runs that script in the context. The code between is the bundle's.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The globals that the bundle's dependencies name and a bare context does not have, by package,
 * each reached only on a path the core's hosts do not take. Our own code names none; any other
 * (`process`, `require`, `Buffer`, `document`…) fails.
 */
const unreached: Record<string, Record<string, string>> = {
  xstate: {
    setTimeout: 'its default clock (a host passes `clock`), and its report of an uncaught error',
    clearTimeout: 'its default clock',
    self: 'its search for the global object, behind `typeof`',
    window: 'its search for the global object, behind `typeof`',
    global: 'its search for the global object, behind `typeof`',
  },
  yaml: { atob: '`!!binary` tags, behind `typeof`', btoa: '`!!binary` tags, behind `typeof`' },
  'fast-uri': { URL: "ajv's `$ref` resolution of a non-ASCII host name: the schema's are ASCII" },
};

/** The package of each line of `bundle` (`''` for ours), from esbuild's `// path` headers. */
function packageOfLines(bundle: string): string[] {
  let current = '';
  return bundle.split('\n').map((line) => {
    const header = /^\/\/ (\S+)$/.exec(line)?.[1];
    if (header) current = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(header)?.[1] ?? '';
    return current;
  });
}

let esm: string;
let imports: unknown[];
let context: vm.Context;
let core: typeof Core;

beforeAll(async () => {
  const bundle = await build({ ...coreBundle, absWorkingDir: root, write: false, metafile: true });
  esm = bundle.outputFiles[0]?.text ?? '';
  imports = Object.values(bundle.metafile.outputs).flatMap((output) => output.imports);
  const script = await transform(esm, { format: 'iife', globalName: 'switchboardCore' });
  context = vm.createContext({});
  vm.runInContext(script.code, context);
  core = (context as { switchboardCore: typeof Core }).switchboardCore;
});

describe('the core bundle', () => {
  it('is one ES module that imports nothing', () => {
    expect(esm).toMatch(/^export \{/m);
    expect(imports).toEqual([]);
  });

  it('is loaded where no Node or DOM global exists', () => {
    const globals = vm.runInContext('Object.getOwnPropertyNames(globalThis)', context) as string[];
    for (const name of ['process', 'require', 'Buffer', 'setTimeout', 'queueMicrotask', 'URL']) {
      expect(globals).not.toContain(name);
    }
    for (const name of ['window', 'document', 'navigator', 'structuredClone', 'fetch']) {
      expect(globals).not.toContain(name);
    }
    expect(typeof core.agentLifecycleMachine.transition).toBe('function');
  });

  it('names no global of Node or the DOM', () => {
    const globals = vm.runInContext('Object.getOwnPropertyNames(globalThis)', context) as string[];
    // The bundle's free variables; `typeof x` is not one. Text would not do: yaml's comments show
    // `document.querySelector(…)`.
    const problems = new Linter().verify(esm, {
      languageOptions: {
        sourceType: 'module',
        ecmaVersion: 'latest',
        globals: Object.fromEntries(globals.map((name) => [name, 'readonly' as const])),
      },
      linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' },
      rules: { 'no-undef': 'error' },
    });
    const fatal = problems.find((problem) => problem.fatal);
    if (fatal) throw new Error(fatal.message);
    const packages = packageOfLines(esm);
    const named = problems
      .filter((problem) => problem.ruleId === 'no-undef')
      .map((problem) => {
        const name = /'(.+)' is not defined/.exec(problem.message)?.[1] ?? problem.message;
        return { from: packages[problem.line - 1] ?? '', name };
      });
    expect(named.length).toBeGreaterThan(0); // the check sees XState's clock: it is not blind
    const unexpected = named.filter(({ from, name }) => unreached[from]?.[name] === undefined);
    expect(new Set(unexpected.map(({ from, name }) => `${from || 'ours'}: ${name}`))).toEqual(
      new Set(),
    );
  });
});

describe('the core, driven in the bare context', () => {
  it("runs an agent's lifecycle: start, ready, stop", () => {
    const clock = new core.SimulatedClock();
    const effects: string[] = [];
    const lifecycle = core
      .createActor(
        core.agentLifecycleMachine.provide({
          actions: {
            spawnAgent: () => effects.push('spawn'),
            closeStdin: () => effects.push('closeStdin'),
            signalGroup: (_, { signal }) => effects.push(signal),
          },
        }),
        { input: { timings: {} }, clock },
      )
      .start();
    lifecycle.send({ type: 'agent.start' });
    expect(lifecycle.getSnapshot().value).toEqual({ starting: { handshake: 'pending' } });
    lifecycle.send({ type: 'agent.handshakeSucceeded' });
    expect(lifecycle.getSnapshot().value).toEqual({ ready: 'running' });
    lifecycle.send({ type: 'agent.stop' });
    expect(lifecycle.getSnapshot().value).toEqual({ ready: { stopping: 'closingStdin' } });
    clock.increment(core.referenceTimings.stopGraceMs);
    expect(lifecycle.getSnapshot().value).toEqual({ ready: { stopping: 'terminating' } });
    lifecycle.send({ type: 'agent.exited', code: null, signal: 'SIGTERM' });
    expect(lifecycle.getSnapshot().value).toBe('stopped');
    expect(lifecycle.getSnapshot().context.exit).toEqual({ code: null, signal: 'SIGTERM' });
    expect(effects).toEqual(['spawn', 'closeStdin', 'SIGTERM', 'SIGKILL']);
  });

  it('fails a start whose handshake outlasts its timeout, on the injected clock', () => {
    const clock = new core.SimulatedClock();
    const lifecycle = core
      .createActor(core.agentLifecycleMachine, { input: { timings: {} }, clock })
      .start();
    lifecycle.send({ type: 'agent.start' });
    clock.increment(core.referenceTimings.handshakeTimeoutMs);
    expect(lifecycle.getSnapshot().context.failure).toEqual({
      kind: 'handshake-timeout',
      seconds: 30,
    });
  });

  it('runs a turn: prompt, a permission refused, the end', () => {
    const effects: string[] = [];
    const turn = core
      .createActor(
        core.turnMachine.provide({
          actions: {
            sendPrompt: () => effects.push('prompt'),
            cancelPermissions: () => effects.push('cancelPermissions'),
          },
        }),
      )
      .start();
    turn.send({ type: 'turn.begin' });
    turn.send({ type: 'turn.agentReady' });
    turn.send({ type: 'turn.permissionRequested' });
    expect(turn.getSnapshot().value).toBe('awaitingPermission');
    turn.send({ type: 'turn.permissionAnswered', rejected: true });
    expect(turn.getSnapshot().value).toBe('prompting');
    turn.send({ type: 'turn.promptEnded', stopReason: 'end_turn' });
    const { value, status, context: result } = turn.getSnapshot();
    expect({ value, status, result }).toEqual({
      value: 'ended',
      status: 'done',
      result: { pendingPermissions: 0, rejections: 1, stopReason: 'end_turn', error: null },
    });
    expect(effects).toEqual(['prompt']);
  });

  it('admits, evicts the least recently used idle agent, or refuses', () => {
    const agent = (name: string, state: Core.AgentState, lastUsedAt: number) => ({
      name,
      state,
      stopping: false,
      lastUsedAt,
    });
    const ready = [agent('a', 'ready', 20), agent('b', 'ready', 10), agent('c', 'stopped', 0)];
    expect(core.admit(ready, 3)).toEqual({ kind: 'admit' });
    expect(core.admit(ready, 2)).toEqual({ kind: 'evict', agent: 'b' });
    const busy = [agent('a', 'busy', 20), agent('b', 'busy', 10)];
    expect(core.admit(busy, 2)).toEqual({ kind: 'refuse', busy: ['a', 'b'], limit: 2 });
    expect(core.idleAgents(ready, 40, 25)).toEqual(['b']);
  });

  it('checks a configuration, and holds the tables the machines mirror', () => {
    const check = core.checkConfig('agents:\n  claude:\n    args: x\n');
    expect(check.findings.map((finding) => finding.code)).toEqual(['required', 'mustBeStringList']);
    expect(core.agentLifecycle.states.map((state) => state.name)).toEqual([
      'stopped',
      'starting',
      'ready',
      'busy',
      'error',
    ]);
  });
});
