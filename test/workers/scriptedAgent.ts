/**
 * The agent side of a conversation in tests (`ConversationAgent`), driven by a test's commands:
 * what it sends back — a session, the end of a prompt, a start — goes through fast-check's
 * scheduler, so a test decides when each reply reaches the conversation.
 */
import { RequestError } from '@agentclientprotocol/sdk';
import type { fc } from '@fast-check/vitest';
import type { StopReason } from '../../schema/conversation.ts';
import type { AcpSessionRecord } from '../../schema/worker.ts';
import type { Conversation } from '../../workers/Conversation.ts';
import type { ConversationAgent } from '../../workers/conversationOptions.ts';

export interface Prompt {
  text: string;
  sessionId: string;
  /** The agent answered (its reply may still be on its way, as the scheduler decides). */
  answered: boolean;
  /** The agent refused it until the user logs in. */
  refused: boolean;
  end: (outcome: StopReason | Error) => void;
}

/** The agent side, driven by the commands; what it sends back goes through the scheduler. */
export class ScriptedAgent implements ConversationAgent {
  available = false;
  startsRequested = 0;
  held = false;
  sessions = 0;
  readonly prompts: Prompt[] = [];
  readonly cancels: string[] = [];

  constructor(private readonly s: fc.Scheduler) {}

  /** The next start the host attempts fails (a refusal by the limits, a command not found). */
  failNextStart = false;
  /** The agent refuses sessions and prompts until the user logs in (`auth_required`). */
  loginNeeded = false;
  conversation: Conversation | undefined;

  /** The turn that asked no longer waits: the host withdraws the start (it never happens). */
  withdrawStart(): void {
    this.startsRequested = 0;
  }

  /** The host starts the agent; the outcome arrives when the scheduler says. */
  requestStart(): void {
    this.startsRequested++;
    const fails = this.failNextStart;
    this.failNextStart = false;
    void this.s.schedule(Promise.resolve(), `start ${fails ? 'fails' : 'succeeds'}`).then(() => {
      if (this.startsRequested === 0) return;
      this.startsRequested = 0;
      if (fails) return this.conversation?.agentUnavailable('refused');
      this.available = true;
      this.conversation?.agentReady();
    });
  }

  capabilities() {
    return { canResume: false, canLoad: false };
  }

  async newSession(): Promise<AcpSessionRecord> {
    await this.s.schedule(Promise.resolve(), 'session/new answered');
    if (!this.available) throw new Error('the agent is gone');
    if (this.loginNeeded) throw RequestError.authRequired();
    return { id: `session-${++this.sessions}`, cwd: '/work' };
  }

  loadSession(): Promise<void> {
    return Promise.reject(new Error('not advertised'));
  }

  resumeSession(): Promise<void> {
    return Promise.reject(new Error('not advertised'));
  }

  prompt(sessionId: string, text: string): Promise<StopReason> {
    return new Promise<StopReason>((resolve, reject) => {
      const prompt: Prompt = {
        text,
        sessionId,
        answered: false,
        refused: false,
        // The reply leaves when the agent answers, and arrives when the scheduler says.
        end: (outcome) => {
          if (prompt.answered) return;
          prompt.answered = true;
          void this.s
            .schedule(Promise.resolve(), `prompt "${text}" answered`)
            .then(() => (outcome instanceof Error ? reject(outcome) : resolve(outcome)));
        },
      };
      this.prompts.push(prompt);
      if (this.loginNeeded) {
        prompt.refused = true;
        prompt.end(RequestError.authRequired());
      }
    });
  }

  authMethods() {
    return [{ id: 'key', name: 'API key', description: '', type: 'agent' as const, env: [] }];
  }

  loginLaunch(): undefined {
    return undefined;
  }

  async authenticate(): Promise<void> {
    await this.s.schedule(Promise.resolve(), 'authenticate answered');
    if (!this.available) throw new Error('the agent is gone');
    this.loginNeeded = false;
  }

  setMode(): Promise<void> {
    return Promise.resolve();
  }
  setOption(): Promise<[]> {
    return Promise.resolve([]);
  }
  cancel(sessionId: string): void {
    this.cancels.push(sessionId);
    // A well-behaved agent ends its turn `cancelled` (the scheduler decides when it arrives).
    this.inFlight()?.end('cancelled');
  }

  use(): void {
    this.held = true;
  }

  release(): void {
    this.held = false;
  }

  /** The prompt the agent is still answering. */
  inFlight(): Prompt | undefined {
    const last = this.prompts.at(-1);
    return last && !last.answered ? last : undefined;
  }
}
