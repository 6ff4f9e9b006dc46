import { useId, type ReactNode } from 'react';

export interface PickerProps {
  /** The picker's label, for screen readers at least. */
  label: string;
  labelClassName?: string;
  className: string;
  /** What shows while nothing known is chosen. */
  placeholder: string;
  /** The chosen value, if it is among the options (`known`). */
  current: string | undefined;
  known: boolean;
  onChoose: (value: string) => void;
  /** The `<option>`s (and `<optgroup>`s) to choose from. */
  children: ReactNode;
}

/**
 * A labelled `<select>` that shows a disabled placeholder until one of its options is chosen: the
 * chat's agent picker and the inspector's target picker.
 */
export function Picker(props: PickerProps) {
  const { label, labelClassName, className, placeholder, current, known, onChoose } = props;
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select
        id={id}
        value={known ? current : ''}
        onChange={(event) => onChoose(event.target.value)}
      >
        {!known && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {props.children}
      </select>
    </div>
  );
}
