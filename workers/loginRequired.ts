import { RequestError } from '@agentclientprotocol/sdk';

/** ACP's `auth_required` error: https://agentclientprotocol.com/protocol/v1/initialization#authentication */
const authRequiredCode = -32000;

/** Whether the agent refused a request until the user logs in. */
export const isLoginRequired = (error: unknown): boolean =>
  error instanceof RequestError && error.code === authRequiredCode;

/** No session could be opened until the user logs in; the message is the agent's. */
export class LoginRequired extends Error {
  override readonly name = 'LoginRequired';
}
