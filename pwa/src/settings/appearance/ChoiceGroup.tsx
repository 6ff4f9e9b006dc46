import { useId } from 'react';

/** A labelled group of radio buttons drawn as one segmented control, 44 px high. */
export function ChoiceGroup<V extends string>({
  legend,
  options,
  value,
  disabled,
  busy,
  error,
  onChange,
}: {
  legend: string;
  options: readonly { value: V; label: string }[];
  value: V | undefined;
  disabled: boolean;
  /** A change is being saved (the group stays usable: changes are saved in turn). */
  busy: boolean;
  error: string | undefined;
  onChange: (value: V) => void;
}) {
  const name = useId();
  const errorId = useId();
  return (
    <fieldset
      className="choice-group"
      disabled={disabled}
      aria-busy={busy}
      aria-describedby={error === undefined ? undefined : errorId}
    >
      <legend>{legend}</legend>
      <div className="choice-options">
        {options.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error !== undefined && (
        <p id={errorId} className="settings-notice settings-notice-danger" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
