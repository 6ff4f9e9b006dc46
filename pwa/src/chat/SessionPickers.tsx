import { memo, useEffect, useState } from 'react';
import type { Conversation } from '../../../schema/conversation.ts';
import { useT } from '../i18n.tsx';
import { useHostAction } from './useHostAction.ts';

/** The mode's key among what the user chose (an option's is its id, which no mode's shares). */
const modeKey = '\0mode';

export interface SessionPickersProps {
  agent: string;
  agentTitle: string;
  modes: Conversation['modes'];
  options: Conversation['options'];
}

/**
 * What the agent's session lets the user choose, by the composer (CONTRACT.md §7): its mode (ask,
 * plan, accept edits…) and its config options (a model, a reasoning level…), each a control of
 * its own. Nothing when the session offers nothing (or has not opened yet).
 */
export const SessionPickers = memo(function SessionPickers({
  agent,
  agentTitle,
  modes,
  options,
}: SessionPickersProps) {
  const t = useT();
  const change = useHostAction();
  // What the user just chose shows at once, until the session says what it is now (or refuses).
  const [wanted, setWanted] = useState<Record<string, string | boolean>>({});
  useEffect(() => setWanted({}), [modes, options]);
  const choose = (key: string, value: string | boolean, call: () => Promise<boolean>) => {
    setWanted((before) => ({ ...before, [key]: value }));
    void call().then((done) => {
      if (!done) setWanted(({ [key]: _refused, ...rest }) => rest);
    });
  };
  const shown = <T extends string | boolean>(key: string, current: T): T =>
    key in wanted ? (wanted[key] as T) : current;
  const showsModes = modes !== null && modes.available.length > 1;
  if (!showsModes && options.length === 0) return null;
  return (
    <span
      className="chat-session-pickers"
      role="group"
      aria-label={t('chat.session.label', { agent: agentTitle })}
    >
      {showsModes && (
        <select
          aria-label={t('chat.session.mode')}
          title={modes.available.find((mode) => mode.id === modes.current)?.description}
          value={shown(modeKey, modes.current)}
          disabled={change.pending}
          onChange={({ target: { value } }) =>
            choose(modeKey, value, () => change.run('ChatService.SetMode', agent, value))
          }
        >
          {modes.available.map((mode) => (
            <option key={mode.id} value={mode.id}>
              {mode.name}
            </option>
          ))}
        </select>
      )}
      {options.map((option) =>
        option.type === 'boolean' ? (
          <label key={option.id} className="chat-session-toggle">
            <input
              type="checkbox"
              checked={shown(option.id, option.current)}
              disabled={change.pending}
              onChange={({ target: { checked } }) =>
                choose(option.id, checked, () =>
                  change.run('ChatService.SetOption', agent, option.id, checked),
                )
              }
            />
            {option.name}
          </label>
        ) : (
          <select
            key={option.id}
            aria-label={option.name}
            value={shown(option.id, option.current)}
            disabled={change.pending}
            onChange={({ target: { value } }) =>
              choose(option.id, value, () =>
                change.run('ChatService.SetOption', agent, option.id, value),
              )
            }
          >
            {option.values.map(({ value, name }) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </select>
        ),
      )}
      {change.error !== undefined && (
        <span className="chat-error" role="alert">
          {t('chat.session.changeFailed', { error: change.error })}
        </span>
      )}
    </span>
  );
});
