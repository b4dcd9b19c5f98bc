import { useId } from 'react';
import { Checkbox } from './checkbox';

type SettingSwitchProps = {
  label: string;
  hint: string;
  /** Undefined while the setting is being read: the switch shows off and cannot be used. */
  on: boolean | undefined;
  disabled: boolean;
  onChange: (on: boolean) => void;
};

/** An account setting turned on or off at once: a labelled switch with its hint beneath the label. */
export function SettingSwitch({ label, hint, on, disabled, onChange }: SettingSwitchProps) {
  const switchId = useId();
  const hintId = useId();
  return (
    <div className="flex items-start gap-2">
      <Checkbox
        id={switchId}
        role="switch"
        checked={on ?? false}
        disabled={on === undefined || disabled}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.checked)}
        className="-ml-3"
      />
      <div className="flex flex-col pt-2.5">
        <label htmlFor={switchId} className="font-medium text-gray-900">
          {label}
        </label>
        <p id={hintId} className="text-sm text-gray-600">
          {hint}
        </p>
      </div>
    </div>
  );
}
