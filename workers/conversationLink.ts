import {
  methods,
  RequestError,
  type AgentRequestMethod,
  type AgentRequestParamsByMethod,
  type AgentRequestResponsesByMethod,
  type SetSessionConfigOptionRequest,
} from '@agentclientprotocol/sdk';
import { realpath } from 'node:fs/promises';
import { translate, type Language } from '../locales/translate.ts';
import type { PromptOffer } from '../schema/attachments.ts';
import type { AgentActor } from './AgentActor.ts';
import { quirksOf } from './agentQuirks.ts';
import { authMethodView } from './authMethods.ts';
import type { Conversation } from './Conversation.ts';
import type { ConversationAgent } from './conversationOptions.ts';
import { meshServers } from './meshServers.ts';
import { promptBlocks } from './promptBlocks.ts';
import { languageMeta } from '../schema/languageMeta.ts';
import type { OversizedError } from './acpStdio.ts';
import type { AgentLaunch, AgentWorkerEvent } from '../schema/worker.ts';

/**
 * How long a request whose connection closed waits at the most for the process's exit, which says
 * why (and fails the turn with that), before it fails with the connection's own error.
 */
const exitAfterCloseMs = 10_000;

/** What {@link conversationLink} reads of the agent's worker. */
export interface ConversationLinkDeps {
  actor: AgentActor;
  conversation(): Conversation;
  language(): Language;
  /** The current (or last) run's launch. */
  launch(): AgentLaunch | undefined;
  /** Posts a worker event at once, after the conversation events before it. */
  post(event: AgentWorkerEvent): void;
  /** What this run takes in a prompt. */
  promptOffer(): PromptOffer;
  /** Resolves once no `session/update` came for `quietMs`, or after `maxMs` at the most. */
  updatesQuiet(quietMs: number, maxMs: number): Promise<void>;
}

/**
 * What a conversation needs of its agent (`ConversationAgent`), made of the worker's lifecycle
 * actor and its ACP connection: sessions, prompts, modes and options, logins.
 */
export function conversationLink(deps: ConversationLinkDeps): ConversationAgent {
  const { actor } = deps;
  const connection = () => {
    const current = actor.connection;
    if (!current) throw new Error(translate(deps.language(), 'chat.notRunning'));
    return current;
  };
  /**
   * Sends a request to the agent. The agent's own explanation fails it at once; a closed
   * connection (or a write after the stop closed stdin) usually means the process is dying, and
   * its exit says more: the request fails after it, so the turn ends with why the agent went.
   */
  const ask = async <Method extends AgentRequestMethod>(
    method: Method,
    params: AgentRequestParamsByMethod[Method],
  ): Promise<AgentRequestResponsesByMethod[Method]> => {
    try {
      return await connection().agent.request(method, params);
    } catch (error) {
      const { data } = error instanceof RequestError ? error : {};
      if ((data as Partial<OversizedError> | undefined)?.kind === 'oversized') {
        const { bytes } = data as OversizedError;
        const size = (bytes / 2 ** 20).toLocaleString(deps.language(), {
          maximumFractionDigits: 1,
        });
        throw new Error(translate(deps.language(), 'chat.agentOversized', { size }), {
          cause: error,
        });
      }
      if (!(error instanceof RequestError)) {
        await Promise.race([
          actor.runEnded,
          new Promise((resolve) => setTimeout(resolve, exitAfterCloseMs).unref()),
        ]);
      }
      throw error;
    }
  };
  return {
    get available() {
      return actor.available;
    },
    requestStart: () => deps.post({ type: 'wantsAgent' }),
    withdrawStart: () => deps.post({ type: 'agentNotWanted' }),
    capabilities: () => {
      const capabilities = actor.capabilities;
      return {
        canResume: Boolean(capabilities?.sessionCapabilities?.resume),
        canLoad: capabilities?.loadSession === true,
      };
    },
    newSession: async () => {
      // The real path: an agent that compares the paths it reads with its cwd (Gemini CLI) would
      // otherwise take every file for one outside and go to the disk itself, past fs/*.
      const given = deps.launch()?.cwd ?? process.cwd();
      const cwd = await realpath(given).catch(() => given);
      const response = await ask(methods.agent.session.new, {
        cwd,
        mcpServers: meshServers(deps.launch()?.mesh, actor.capabilities),
        _meta: languageMeta(deps.language()),
      });
      await deps.conversation().choices.offered(response.sessionId, response);
      return { id: response.sessionId, cwd };
    },
    loadSession: async ({ id, cwd }) => {
      const response = await ask(methods.agent.session.load, {
        sessionId: id,
        cwd,
        mcpServers: meshServers(deps.launch()?.mesh, actor.capabilities),
        _meta: languageMeta(deps.language()),
      });
      await deps.conversation().choices.offered(id, response);
      // Gemini CLI goes on replaying after it answered: the turn waits until it is done, so
      // the replay cannot land in the new answer.
      const quiet = quirksOf(actor.agentInfo).replaysAfterLoad;
      if (quiet) await deps.updatesQuiet(quiet.quietMs, quiet.maxMs);
    },
    resumeSession: async ({ id, cwd }) => {
      const response = await ask(methods.agent.session.resume, {
        sessionId: id,
        cwd,
        mcpServers: meshServers(deps.launch()?.mesh, actor.capabilities),
        _meta: languageMeta(deps.language()),
      });
      await deps.conversation().choices.offered(id, response);
    },
    prompt: async (sessionId, text, attachments) => {
      const response = await ask(methods.agent.session.prompt, {
        sessionId,
        prompt: promptBlocks(text, attachments, deps.promptOffer()),
        _meta: languageMeta(deps.language()),
      });
      return response.stopReason;
    },
    cancel: (sessionId) => {
      actor.connection?.agent.notify(methods.agent.session.cancel, { sessionId }).catch(() => {});
    },
    setMode: async (sessionId, modeId) => {
      await ask(methods.agent.session.setMode, { sessionId, modeId });
    },
    setOption: async (sessionId, configId, value) => {
      const request: SetSessionConfigOptionRequest =
        typeof value === 'boolean'
          ? { sessionId, configId, type: 'boolean', value }
          : { sessionId, configId, value };
      const response = await ask(methods.agent.session.setConfigOption, request);
      return response.configOptions;
    },
    authMethods: () =>
      actor.authMethods.map((offer) => authMethodView(offer, deps.launch()?.env ?? {})),
    authenticate: async (methodId) => {
      await ask(methods.agent.authenticate, { methodId });
    },
    // The program the agent runs as, with the method's arguments after its own and its variables
    // over the agent's (https://agentclientprotocol.com/protocol/v1/authentication#terminal-authentication).
    loginLaunch: (methodId) => {
      const launch = deps.launch();
      const login = actor.authMethods.find(({ id }) => id === methodId)?.terminal;
      if (!launch || !login) return undefined;
      const { command, args, env, cwd } = launch;
      return { command, args: [...args, ...login.args], env: { ...env, ...login.env }, cwd };
    },
    use: () => actor.use(),
    release: () => actor.release(),
  };
}
