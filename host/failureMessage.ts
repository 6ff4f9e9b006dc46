import { describeExit } from '../locales/describeExit.ts';
import type { AgentFailure } from '../schema/agents.ts';
import { translate, type Language } from './i18n.ts';

/**
 * Why an agent is in `error`, as the user reads it: the reason, then the agent's last stderr
 * lines when the start failed (REFERENCE.md, state `error`).
 */
export function describeFailure(language: Language, failure: AgentFailure): string {
  const reason = ((): string => {
    switch (failure.kind) {
      case 'spawn-failed':
        return failure.reason === 'command not found'
          ? translate(language, 'failure.commandNotFound', { command: failure.command })
          : translate(language, 'failure.spawnFailed', {
              command: failure.command,
              reason: failure.reason,
            });
      case 'handshake-timeout':
        return translate(language, 'failure.handshakeTimeout', { seconds: failure.seconds });
      case 'handshake-refused':
        return translate(language, 'failure.handshakeRefused', { reason: failure.reason });
      case 'protocol-mismatch':
        return translate(language, 'failure.protocolMismatch', { version: failure.version });
      case 'exited-during-start':
        return translate(language, 'failure.exitedDuringStart', {
          exit: describeExit(language, failure),
        });
      case 'crashed':
        return translate(language, 'failure.crashed', { exit: describeExit(language, failure) });
      case 'worker-died':
        return translate(language, 'failure.workerDied', { reason: failure.reason });
    }
  })();
  const stderr = failure.stderr ?? [];
  return stderr.length === 0
    ? reason
    : [reason, translate(language, 'failure.stderr'), ...stderr].join('\n');
}
