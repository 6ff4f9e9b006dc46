import { RequestError } from '@agentclientprotocol/sdk';
import type { ClientHandlers } from './acpHandshake.ts';
import { quirkUpdate, type AgentQuirks } from './agentQuirks.ts';
import type { TerminalView } from '../schema/conversation.ts';
import { ClientFiles, type Refusal } from './clientFiles.ts';
import { ClientTerminals } from './ClientTerminals.ts';
import type { Conversation } from './Conversation.ts';
import type { AgentLaunch } from '../schema/worker.ts';
import type { ProcessTracker } from './ProcessTracker.ts';

/** What the client side of ACP reaches of the agent's worker, as it is at each request. */
export interface ClientSide {
  /** The current run's files and terminals (none before the first start). */
  files(): ClientFiles | undefined;
  terminals(): ClientTerminals | undefined;
  conversation(): Conversation;
  quirks(): AgentQuirks;
  /** A `session/update` came. */
  updated(): void;
}

/**
 * The client side of ACP for one agent: its updates and permission requests go to the
 * conversation, `fs/*` to its files, `terminal/*` to its terminals.
 * See protocol docs: https://agentclientprotocol.com/protocol/v1/overview#client
 */
export function clientHandlers(side: ClientSide): ClientHandlers {
  const files = () => side.files() ?? noFolder();
  const terminals = () => side.terminals() ?? noFolder();
  return {
    sessionUpdate: (notification) => {
      side.updated();
      side.conversation().onUpdate(notification);
    },
    otherNotification: (method, params) => {
      const update = quirkUpdate(side.quirks(), method, params);
      if (update) side.conversation().onUpdate(update);
    },
    requestPermission: (request, signal) => side.conversation().requestPermission(request, signal),
    readTextFile: (request) =>
      files().read(request, { missingIsEmpty: side.quirks().missingFileIsEmpty }),
    writeTextFile: async (request) => {
      const { oldText } = await files().write(request);
      side.conversation().showWrite(request.path, oldText, request.content);
    },
    createElicitation: (request, signal) => side.conversation().elicitations.ask(request, signal),
    completeElicitation: (elicitationId) =>
      side.conversation().elicitations.complete(elicitationId),
    createTerminal: (request) => terminals().create(request),
    terminalOutput: (id) => terminals().output(id),
    waitForTerminalExit: (id) => terminals().waitForExit(id),
    killTerminal: (id) => terminals().kill(id),
    releaseTerminal: (id) => terminals().release(id),
  };
}

/** What a run's files and terminals tell the worker. */
export interface RunHooks {
  /** A path refused by policy, for the agent's log. */
  refused: (refusal: { method: string; path: string; reason: Refusal }) => void;
  terminalChanged: (view: TerminalView) => void;
}

/** The files and terminals of one run of the agent, confined to its `cwd`; `processes` its tracker. */
export function runSide(
  launch: AgentLaunch,
  processes: ProcessTracker,
  hooks: RunHooks,
): { files: ClientFiles; terminals: ClientTerminals } {
  const files = new ClientFiles(launch.cwd, {
    own: launch.ownFiles ?? [],
    onRefused: hooks.refused,
  });
  const terminals = new ClientTerminals({
    env: launch.env,
    cwd: launch.cwd,
    confine: (method, path) => files.confine(method, path),
    onChange: hooks.terminalChanged,
    processes,
  });
  return { files, terminals };
}

function noFolder(): never {
  throw RequestError.internalError(undefined, 'no working folder');
}
