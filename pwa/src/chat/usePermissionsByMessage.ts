import { useMemo } from 'react';
import type { PermissionRequestView } from '../../../schema/conversation.ts';

const none: readonly PermissionRequestView[] = [];

/**
 * The pending requests of each message, by message id; the same empty list for the others, so a
 * memoized message does not render again for a request that is not its own.
 */
export function usePermissionsByMessage(
  permissions: readonly PermissionRequestView[],
): (messageId: string) => readonly PermissionRequestView[] {
  return useMemo(() => {
    const byMessage = new Map<string, PermissionRequestView[]>();
    for (const request of permissions) {
      const list = byMessage.get(request.messageId);
      if (list) list.push(request);
      else byMessage.set(request.messageId, [request]);
    }
    return (messageId) => byMessage.get(messageId) ?? none;
  }, [permissions]);
}
