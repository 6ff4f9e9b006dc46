import { RequestError } from '@agentclientprotocol/sdk';
import type { ClientHandlers } from './acpHandshake.ts';
import { quirkUpdate, type AgentQuirks } from './agentQuirks.ts';
import type { ClientFiles } from './clientFiles.ts';
import type { ClientTerminals } from './ClientTerminals.ts';
import type { Conversation } from './Conversation.ts';

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

function noFolder(): never {
  throw RequestError.internalError(undefined, 'no working folder');
}
