import { useId, useState, type FormEvent } from 'react';
import {
  choicesOf,
  type ElicitationContent,
  type ElicitationProperty,
  type ElicitationView,
} from '../../../schema/elicitation.ts';
import { useT } from '../i18n.tsx';
import { useHostAction } from './useHostAction.ts';

type Value = string | boolean | string[];

/** What a field starts with: the agent's default, else empty. */
function initial(property: ElicitationProperty): Value {
  if (property.type === 'boolean') return property.default ?? false;
  if (property.type === 'array') return property.default ?? [];
  return property.default === undefined ? '' : String(property.default);
}

/** The answer the fields make: numbers as numbers, optional fields left empty left out. */
function contentOf(
  properties: Record<string, ElicitationProperty>,
  values: Record<string, Value>,
): ElicitationContent {
  const content: ElicitationContent = {};
  for (const [name, property] of Object.entries(properties)) {
    const value = values[name];
    if (value === undefined || value === '') continue;
    const numeric = property.type === 'number' || property.type === 'integer';
    content[name] = numeric ? Number(value) : value;
  }
  return content;
}

/** The input of a `string` property's `format`. */
const inputTypes = {
  email: 'email',
  uri: 'url',
  date: 'date',
  'date-time': 'datetime-local',
} as const;

/**
 * The agent asks the user for input (CONTRACT.md §7, `elicitation:requested`): a form built from
 * its schema, or a link to open. Sent, declined or cancelled with `AnswerElicitation`.
 */
export function ElicitationPrompt({
  elicitation,
  agentTitle,
}: {
  elicitation: ElicitationView;
  agentTitle: string;
}) {
  const t = useT();
  const titleId = useId();
  const answer = useHostAction();
  const { id, schema, url } = elicitation;
  const properties = schema?.properties ?? {};
  const [values, setValues] = useState<Record<string, Value>>(() =>
    Object.fromEntries(Object.entries(properties).map(([name, p]) => [name, initial(p)])),
  );
  const set = (name: string, value: Value) => setValues((before) => ({ ...before, [name]: value }));
  const reply = (action: 'accept' | 'decline' | 'cancel', content?: ElicitationContent) =>
    void answer.run('ChatService.AnswerElicitation', id, action, content);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (url !== undefined) {
      window.open(url, '_blank', 'noopener,noreferrer');
      reply('accept');
    } else reply('accept', contentOf(properties, values));
  };
  return (
    <form className="chat-elicitation" aria-labelledby={titleId} onSubmit={submit}>
      <h2 id={titleId} className="chat-login-title">
        {t('chat.elicit.title', { agent: agentTitle })}
      </h2>
      <p className="chat-elicitation-message">{elicitation.message}</p>
      {schema?.title !== undefined && <p className="chat-login-name">{schema.title}</p>}
      {schema?.description !== undefined && (
        <p className="chat-login-description">{schema.description}</p>
      )}
      {Object.entries(properties).map(([name, property]) => (
        <Field
          key={name}
          name={name}
          property={property}
          required={schema?.required.includes(name) ?? false}
          value={values[name] ?? initial(property)}
          onChange={(value) => set(name, value)}
        />
      ))}
      {url !== undefined && (
        <p className="chat-elicitation-link">
          {t('chat.elicit.link', { host: new URL(url).host })} <code>{url}</code>
        </p>
      )}
      <div className="chat-elicitation-actions">
        <button type="submit" className="primary" disabled={answer.pending}>
          {url !== undefined ? t('chat.elicit.open') : t('chat.elicit.send')}
        </button>
        <button type="button" disabled={answer.pending} onClick={() => reply('decline')}>
          {t('chat.elicit.decline')}
        </button>
        <button type="button" disabled={answer.pending} onClick={() => reply('cancel')}>
          {t('chat.elicit.cancel')}
        </button>
      </div>
      {answer.error !== undefined && (
        <p className="chat-error" role="alert">
          {answer.error}
        </p>
      )}
    </form>
  );
}

function Field({
  name,
  property,
  required,
  value,
  onChange,
}: {
  name: string;
  property: ElicitationProperty;
  required: boolean;
  value: Value;
  onChange: (value: Value) => void;
}) {
  const t = useT();
  const label = property.title ?? name;
  const hint = property.description && (
    <span className="chat-elicitation-hint">{property.description}</span>
  );
  const choices = choicesOf(property);
  if (property.type === 'boolean') {
    return (
      <label className="chat-elicitation-check">
        <input
          type="checkbox"
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
        />
        {label}
        {hint}
      </label>
    );
  }
  if (property.type === 'array') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset className="chat-elicitation-choices">
        <legend>{label}</legend>
        {hint}
        {choices?.map((choice) => (
          <label key={choice.const} className="chat-elicitation-check">
            <input
              type="checkbox"
              checked={chosen.includes(choice.const)}
              onChange={(e) =>
                onChange(
                  e.target.checked
                    ? [...chosen, choice.const]
                    : chosen.filter((item) => item !== choice.const),
                )
              }
            />
            {choice.title}
          </label>
        ))}
      </fieldset>
    );
  }
  const text = typeof value === 'string' ? value : '';
  return (
    <label className="chat-elicitation-field">
      <span>
        {label}
        {required && (
          <span className="chat-elicitation-required"> {t('chat.elicit.required')}</span>
        )}
      </span>
      {hint}
      {choices ? (
        <select value={text} required={required} onChange={(e) => onChange(e.target.value)}>
          {!required || text === '' ? <option value="">{t('chat.elicit.none')}</option> : null}
          {choices.map((choice) => (
            <option key={choice.const} value={choice.const}>
              {choice.title}
            </option>
          ))}
        </select>
      ) : property.type === 'string' ? (
        <input
          type={property.format ? inputTypes[property.format] : 'text'}
          value={text}
          required={required}
          minLength={property.minLength}
          maxLength={property.maxLength}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          type="number"
          value={text}
          required={required}
          step={property.type === 'integer' ? 1 : 'any'}
          min={property.minimum}
          max={property.maximum}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </label>
  );
}
