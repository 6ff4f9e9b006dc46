import { HostError } from '../connection/HostConnection.ts';
import type { useT } from '../i18n.tsx';

/** The sentence to show for a failed call: the host's own `message`, or ours when offline. */
export function errorText(t: ReturnType<typeof useT>, error: unknown): string {
  if (error instanceof HostError && error.kind === 'offline') return t('chat.error.offline');
  return error instanceof Error ? error.message : String(error);
}
