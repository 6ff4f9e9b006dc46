import type { RequestPermissionResponse } from '@agentclientprotocol/sdk';
import type {
  ConversationEvent,
  PermissionOption,
  PermissionRequestView,
} from '../schema/conversation.ts';
import type { RuleAnswer } from './permissionRules.ts';
import { failed, type Result } from '../schema/result.ts';
import type { Say } from '../locales/translate.ts';

const cancelledOutcome: RequestPermissionResponse = { outcome: { outcome: 'cancelled' } };

/** What the agent gets when nobody may answer: the request is over (ACP's `cancelled`). */
export const cancelledPermission = (): Promise<RequestPermissionResponse> =>
  Promise.resolve(cancelledOutcome);

interface Pending {
  options: PermissionOption[];
  resolve: (response: RequestPermissionResponse) => void;
  reject: (reason: unknown) => void;
}

/**
 * The permission requests of one turn that wait for the user, each answered once: with one of
 * its options, `cancelled` when the turn is cancelled or ends, or withdrawn by the agent
 * (https://agentclientprotocol.com/protocol/v1/tool-calls#requesting-permission). It emits
 * `permission:requested` and `permission:resolved` as they come and go.
 */
export class PendingPermissions {
  readonly #pending = new Map<string, Pending>();

  constructor(
    private readonly agent: string,
    private readonly emit: (event: ConversationEvent) => void,
    private readonly say: Say,
  ) {}

  /**
   * The agent's answer to wait for: `request` waits for the user. Until it is answered, the agent
   * may withdraw it (`signal`, `$/cancel_request`): its answer is then the SDK's "request
   * cancelled", and `withdrawn` is called.
   */
  ask(
    request: PermissionRequestView,
    signal: AbortSignal | undefined,
    withdrawn: () => void,
  ): Promise<RequestPermissionResponse> {
    const { id, options } = request;
    const answer = new Promise<RequestPermissionResponse>((resolve, reject) =>
      this.#pending.set(id, { options, resolve, reject }),
    );
    this.emit({ name: 'permission:requested', data: request });
    signal?.addEventListener('abort', () => {
      const pending = this.#settle(id);
      if (!pending) return;
      pending.reject(signal.reason);
      withdrawn();
    });
    return answer;
  }

  /**
   * `request` answered by a rule, before anyone is asked: it is still shown, and resolved at
   * once with the rule.
   */
  ruled(request: PermissionRequestView, ruled: RuleAnswer): Promise<RequestPermissionResponse> {
    this.emit({ name: 'permission:requested', data: request });
    this.emit({
      name: 'permission:resolved',
      data: { id: request.id, agent: this.agent, rule: ruled.rule },
    });
    return Promise.resolve({ outcome: { outcome: 'selected', optionId: ruled.optionId } });
  }

  /** Answers `id` with `optionId`; says whether that was a refusal. */
  answer(id: string, optionId: string): Result<{ rejected: boolean }> {
    const option = this.#pending
      .get(id)
      ?.options.find((candidate) => candidate.optionId === optionId);
    if (!option) {
      return failed(
        'not-found',
        this.#pending.has(id)
          ? this.say('error.unknownOption', { optionId })
          : this.say('error.unknownPermission', { id }),
      );
    }
    this.#settle(id)!.resolve({ outcome: { outcome: 'selected', optionId } });
    return { ok: true, value: { rejected: option.kind.startsWith('reject') } };
  }

  /** Answers every request still waiting `cancelled`. */
  cancelAll(): void {
    for (const id of [...this.#pending.keys()]) this.#settle(id)!.resolve(cancelledOutcome);
  }

  /** The same, without a word to the clients: the conversation is being replaced. */
  abandon(): void {
    for (const { resolve } of this.#pending.values()) resolve(cancelledOutcome);
    this.#pending.clear();
  }

  /** `id` waits no more: the clients are told. */
  #settle(id: string): Pending | undefined {
    const pending = this.#pending.get(id);
    if (!pending) return undefined;
    this.#pending.delete(id);
    this.emit({ name: 'permission:resolved', data: { id, agent: this.agent } });
    return pending;
  }
}
