import { useT } from '../i18n.tsx';
import { stateText, type ActorSummary } from './inspectorModel.ts';
import { useActorName } from './useActorName.ts';

export interface ActorListProps {
  actors: readonly ActorSummary[];
  current: string | undefined;
  onChoose: (actor: string) => void;
}

/** The live actors of the target, each with the state it is in now; the chosen one is drawn. */
export function ActorList({ actors, current, onChoose }: ActorListProps) {
  const t = useT();
  const nameOf = useActorName();
  return (
    <nav className="inspector-actors" aria-label={t('inspector.actors.label')}>
      <ul>
        {actors.map(({ actor, state }) => (
          <li key={actor}>
            <button
              type="button"
              className="inspector-actor"
              aria-current={actor === current ? 'true' : undefined}
              title={actor}
              onClick={() => onChoose(actor)}
            >
              <span className="inspector-actor-name">{nameOf(actor)}</span>
              <span className="inspector-actor-state">
                {state ? stateText(state.value) : t('inspector.actor.noState')}
                {state?.status && state.status !== 'active' && (
                  <> · {t(`inspector.status.${state.status}`)}</>
                )}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
