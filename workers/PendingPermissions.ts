import type { RequestPermissionResponse } from '@agentclientprotocol/sdk';
import type { PermissionOption } from '../schema/conversation.ts';
import type { Result } from './protocol.ts';

const cancelledOutcome: RequestPermissionResponse = { outcome: { outcome: 'cancelled' } };

/** What the agent gets when nobody may answer: the request is over (ACP's `cancelled`). */
export const cancelledPermission = (): Promise<RequestPermissionResponse> =>
  Promise.resolve(cancelledOutcome);

/**
 * The permission requests of one turn that wait for the user, each answered once: with one of
 * its options, or `cancelled` when the turn is cancelled or ends
 * (https://agentclientprotocol.com/protocol/v1/tool-calls#requesting-permission).
 */
export class PendingPermissions {
  readonly #pending = new Map<
    string,
    {
      options: PermissionOption[];
      resolve: (response: RequestPermissionResponse) => void;
      reject: (reason: unknown) => void;
    }
  >();

  /** The agent's answer to wait for: the request `id` with `options` waits for the user. */
  ask(id: string, options: PermissionOption[]): Promise<RequestPermissionResponse> {
    return new Promise((resolve, reject) => this.#pending.set(id, { options, resolve, reject }));
  }

  /**
   * The agent withdrew `id` (`$/cancel_request`): it waits no more, and its answer is the SDK's
   * "request cancelled" (`reason`). Says whether `id` was still waiting.
   */
  withdraw(id: string, reason: unknown): boolean {
    const pending = this.#pending.get(id);
    if (!pending) return false;
    this.#pending.delete(id);
    pending.reject(reason);
    return true;
  }

  /** Answers `id` with `optionId`; says whether that was a refusal. */
  answer(id: string, optionId: string): Result<{ rejected: boolean }> {
    const pending = this.#pending.get(id);
    if (!pending) {
      return { ok: false, error: { kind: 'not-found', message: `no permission request ${id}` } };
    }
    const option = pending.options.find((candidate) => candidate.optionId === optionId);
    if (!option) {
      return { ok: false, error: { kind: 'not-found', message: `no option ${optionId}` } };
    }
    this.#pending.delete(id);
    pending.resolve({ outcome: { outcome: 'selected', optionId } });
    return { ok: true, value: { rejected: option.kind.startsWith('reject') } };
  }

  /** Answers every request still waiting `cancelled`; returns their ids. */
  cancelAll(): string[] {
    const ids = [...this.#pending.keys()];
    for (const { resolve } of this.#pending.values()) resolve(cancelledOutcome);
    this.#pending.clear();
    return ids;
  }
}
