/**
 * Switchboard's built-in ACP agent, on stdio: it works offline, without a
 * language model, on the files of each session's folder (list, read, search,
 * run a command once allowed, sketch a plan), so that a new user can start
 * an agent and talk to it before setting up any other.
 *
 * @example
 * npx tsx scripts/builtinAgent/main.ts   # then speak ACP v1 on its stdin and stdout
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { Readable, Writable } from 'node:stream';
import {
  agent,
  methods,
  ndJsonStream,
  RequestError,
  type AgentContext,
  type ContentBlock,
} from '@agentclientprotocol/sdk';
import { languages, type Language } from '../../locales/messages.ts';
import { sayIn } from '../../locales/translate.ts';
import packageJson from '../../package.json' with { type: 'json' };
import { languageMetaKey } from '../../schema/languageMeta.ts';
import { availableCommands as availableCommandsIn, commands } from './commands.ts';
import { interpret, readPrompt } from './intent.ts';
import { killRunningCommands } from './shell.ts';
import { Turn, type Command, type Session } from './Turn.ts';

const sessions = new Map<string, Session>();

function log(line: string): void {
  process.stderr.write(`switchboard-builtin: ${line}\n`);
}

async function answer(turn: Turn, prompt: ContentBlock[]): Promise<void> {
  const { text, files } = readPrompt(prompt);
  const intent = await interpret(turn.t, turn.cwd, text, files);
  await turn.think(intent.reason);
  const command: Command = commands[intent.command];
  await turn.plan([...command.plan(turn.t, intent.argument), turn.t('builtin.step.answer')]);
  const reply = await command.run(turn, intent.argument);
  await turn.startLastStep();
  await turn.say(reply);
  await turn.finishPlan();
}

/** The language Switchboard says in a request's `_meta`, if it says one we speak. */
function languageIn(meta: { [key: string]: unknown } | null | undefined): Language | undefined {
  const language = meta?.[languageMetaKey];
  return languages.find((each) => each === language);
}

/** Announces the session's commands, described in its language. */
function announceCommands(session: Session, client: AgentContext): void {
  const availableCommands = availableCommandsIn(sayIn(() => session.language));
  client
    .notify(methods.client.session.update, {
      sessionId: session.id,
      update: { sessionUpdate: 'available_commands_update', availableCommands },
    })
    .catch(() => {});
}

/** A session in `cwd` (this process's own when it is missing), its commands announced. */
function openSession(
  id: string,
  given: string | undefined,
  language: Language | undefined,
  client: AgentContext,
): Session {
  const cwd = given && existsSync(given) ? given : process.cwd();
  const session: Session = {
    id,
    cwd,
    language: language ?? 'en',
    alwaysAllowRun: false,
    toolCalls: 0,
  };
  sessions.set(id, session);
  log(`session ${id} in ${cwd}`);
  // After the response is queued, so that the client knows the session the update is for.
  setImmediate(() => announceCommands(session, client));
  return session;
}

const app = agent({ name: 'switchboard-builtin' })
  // See protocol docs: https://agentclientprotocol.com/protocol/v1/initialization
  .onRequest(methods.agent.initialize, () => ({
    protocolVersion: 1,
    // Its answers depend on the folder, never on what was said before: any session can be
    // taken up again after a restart, so the user is not told it forgot (CONTRACT.md §6).
    agentCapabilities: {
      loadSession: false,
      promptCapabilities: {},
      sessionCapabilities: { resume: {} },
    },
    agentInfo: {
      name: 'switchboard-builtin',
      title: 'Switchboard built-in agent',
      version: packageJson.version,
    },
  }))
  .onRequest(methods.agent.session.new, ({ params, client }) => {
    const session = openSession(randomUUID(), params.cwd, languageIn(params._meta), client);
    return { sessionId: session.id };
  })
  // See protocol docs: https://agentclientprotocol.com/protocol/session-setup#resuming-sessions
  .onRequest(methods.agent.session.resume, ({ params, client }) => {
    // "Always allow" is not carried over: a resumed session asks again before it runs a command.
    const language = languageIn(params._meta);
    const session = sessions.get(params.sessionId);
    if (!session) openSession(params.sessionId, params.cwd, language, client);
    else if (language) session.language = language;
    return {};
  })
  // See protocol docs: https://agentclientprotocol.com/protocol/v1/prompt-turn
  .onRequest(methods.agent.session.prompt, async ({ params, client, signal }) => {
    const session = sessions.get(params.sessionId);
    if (!session) throw RequestError.sessionNotFound(params.sessionId);
    const language = languageIn(params._meta);
    if (language && language !== session.language) {
      session.language = language;
      announceCommands(session, client);
    }
    session.turn?.abort();
    const controller = new AbortController();
    session.turn = controller;
    const turn = new Turn(client, session, AbortSignal.any([controller.signal, signal]));
    try {
      await answer(turn, params.prompt);
      return { stopReason: 'end_turn' };
    } catch (error) {
      if (turn.signal.aborted) return { stopReason: 'cancelled' };
      // The SDK would answer a plain Error with a bare "Internal error": keep the reason.
      throw error instanceof RequestError
        ? error
        : RequestError.internalError(
            undefined,
            error instanceof Error ? error.message : String(error),
          );
    } finally {
      if (session.turn === controller) session.turn = undefined;
    }
  })
  // See protocol docs: https://agentclientprotocol.com/protocol/v1/prompt-turn#cancellation
  .onNotification(methods.agent.session.cancel, ({ params }) => {
    sessions.get(params.sessionId)?.turn?.abort();
  });

const connection = app.connect(
  ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)),
);

process.on('exit', killRunningCommands);
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  process.once(signal, () => process.exit(128 + constants.signals[signal]));
}
// The client closed our stdin: the conversation is over.
void connection.closed.then(() => process.exit(0));
