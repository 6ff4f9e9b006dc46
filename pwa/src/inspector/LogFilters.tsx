import { useId } from 'react';
import { useT } from '../i18n.tsx';
import type { ActorSummary, KindFilter, LogFilter } from './inspectorModel.ts';
import { useActorName } from './useActorName.ts';

export interface LogFiltersProps {
  actors: readonly ActorSummary[];
  /** The event types seen, offered as the text field's suggestions. */
  events: readonly string[];
  filter: LogFilter;
  onChange: (filter: LogFilter) => void;
}

const kinds = ['actor', 'event', 'snapshot'] as const;

/** The log's filters: by actor, by kind of record, by (a part of) the event type. */
export function LogFilters({ actors, events, filter, onChange }: LogFiltersProps) {
  const t = useT();
  const nameOf = useActorName();
  const id = useId();
  return (
    <div className="inspector-filters">
      <div className="inspector-field">
        <label htmlFor={`${id}-actor`}>{t('inspector.filter.actor')}</label>
        <select
          id={`${id}-actor`}
          value={filter.actor}
          onChange={(event) => onChange({ ...filter, actor: event.target.value })}
        >
          <option value="">{t('inspector.filter.allActors')}</option>
          {actors.map(({ actor }) => (
            <option key={actor} value={actor}>
              {nameOf(actor)}
            </option>
          ))}
        </select>
      </div>
      <div className="inspector-field">
        <label htmlFor={`${id}-kind`}>{t('inspector.filter.kind')}</label>
        <select
          id={`${id}-kind`}
          value={filter.kind}
          onChange={(event) => onChange({ ...filter, kind: event.target.value as KindFilter })}
        >
          <option value="">{t('inspector.filter.allKinds')}</option>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`inspector.kind.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="inspector-field inspector-field-grow">
        <label htmlFor={`${id}-event`}>{t('inspector.filter.event')}</label>
        <input
          id={`${id}-event`}
          type="search"
          list={`${id}-events`}
          value={filter.event}
          placeholder={t('inspector.filter.eventPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange({ ...filter, event: event.target.value })}
        />
        <datalist id={`${id}-events`}>
          {events.map((event) => (
            <option key={event} value={event} />
          ))}
        </datalist>
      </div>
    </div>
  );
}
