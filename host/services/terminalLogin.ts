import { describeExit } from '../../locales/describeExit.ts';
import type { Result } from '../../schema/result.ts';
import type { LoginLaunch } from '../../schema/worker.ts';
import type { AgentWorker } from '../AgentWorkerHandle.ts';
import { translate, type Language } from '../i18n.ts';
import { ServiceError, settle } from '../ServiceError.ts';
import type { LoginTerminals } from './LoginTerminals.ts';

/**
 * A `terminal` way to log in (ACP terminal authentication): the agent's own login program, as its
 * worker says to run it, in a login terminal the user types into from the app (`auth.terminal`,
 * `WriteTerminal`); the worker's conversation shows it. Resolves once it ended with code 0; a
 * login that ends otherwise is refused with how it ended.
 */
export async function logInInTerminal(
  worker: AgentWorker,
  logins: LoginTerminals,
  agent: string,
  methodId: string,
  language: Language,
): Promise<void> {
  const offered = await worker.call<Result<{ launch: LoginLaunch; command: string }>>((api) =>
    api.loginLaunch(methodId),
  );
  const { launch, command } = settle(
    offered,
    () => new ServiceError('start-failed', translate(language, 'chat.notRunning')),
  );
  const { exitCode, signal } = await logins.run(agent, methodId, launch, {
    opened: async (id) => {
      await worker.call((api) => api.loginOpened(id, methodId, command));
    },
    output: (id, data) => void worker.call((api) => api.loginOutput(id, data)),
    ended: async (id, exit, note) => {
      await worker.call((api) => api.loginEnded(id, exit, note));
      await worker.sync();
    },
  });
  if (exitCode !== 0) {
    const how = describeExit(language, { code: exitCode, signal });
    throw new ServiceError('io', translate(language, 'error.loginTerminalFailed', { how }));
  }
}
