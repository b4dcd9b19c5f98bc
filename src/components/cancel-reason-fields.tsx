import { useId } from 'react';
import { CANCEL_NOTE_MAX } from '@contract/orders';
import type { CancelFormErrors } from '@/lib/cancel-form';
import { TextField } from './text-field';

export type CancelReasonFieldsProps = {
  /** The question the reasons answer; names the group. */
  legend: string;
  options: { value: string; label: string }[];
  reason: string;
  onReason: (reason: string) => void;
  noteLabel: string;
  note: string;
  onNote: (note: string) => void;
  /** Each field's message, already in the language on screen. */
  errors: CancelFormErrors;
};

/** Why an order is cancelled: one reason of a short list (radio buttons a thumb can hit) and a few optional words. */
export function CancelReasonFields({ legend, options, reason, onReason, noteLabel, note, onNote, errors }: CancelReasonFieldsProps) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <div className="flex flex-col gap-3">
      <fieldset aria-describedby={errors.reason ? errorId : undefined} aria-invalid={errors.reason ? true : undefined}>
        <legend className="text-sm font-medium text-gray-800">{legend}</legend>
        <div className="mt-1 flex flex-col">
          {options.map((option) => (
            <label key={option.value} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-1 text-gray-900 hover:bg-gray-50">
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={reason === option.value}
                onChange={() => onReason(option.value)}
                className="h-5 w-5 shrink-0 accent-red-700"
              />
              <span className="min-w-0 break-words">{option.label}</span>
            </label>
          ))}
        </div>
        {errors.reason && (
          <p id={errorId} className="mt-1 text-sm text-red-700">
            {errors.reason}
          </p>
        )}
      </fieldset>
      <TextField label={noteLabel} value={note} maxLength={CANCEL_NOTE_MAX} onChange={(event) => onNote(event.target.value)} error={errors.note} />
    </div>
  );
}
