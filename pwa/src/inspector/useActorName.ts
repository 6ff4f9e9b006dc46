import { useCallback } from 'react';
import { useT } from '../i18n.tsx';

/** How an actor is named to people: `Lifecycle`, `Turn 1a2b3c4d`, `ACP session`, `Connection`. */
export function useActorName(): (actor: string) => string {
  const t = useT();
  return useCallback(
    (actor: string) => {
      if (actor === 'lifecycle') return t('inspector.actor.lifecycle');
      if (actor === 'connection') return t('inspector.actor.connection');
      if (actor === 'session') return t('inspector.actor.session');
      if (actor.startsWith('turn:')) return t('inspector.actor.turn', { id: actor.slice(5, 13) });
      return actor;
    },
    [t],
  );
}
