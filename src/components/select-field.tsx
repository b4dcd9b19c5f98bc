import type { ComponentProps } from 'react';
import { cn } from './cn';
import { Field, type FieldProps } from './text-field';

/** A choice shown by its label; a plain string is its own label. */
export type SelectOption = string | { value: string; label: string };

type SelectFieldProps = ComponentProps<'select'> &
  Omit<FieldProps, 'hint'> & {
    /** The first, empty option: what to choose, 'Any', or 'Loading...' while the choices arrive. */
    placeholder: string;
    options: readonly SelectOption[];
  };

/** Label, native select and inline error; `ref` reaches the <select> so react-hook-form's register() fits. */
export function SelectField({ label, placeholder, options, error, id, className, ref, ...select }: SelectFieldProps) {
  return (
    <Field label={label} error={error} id={id} className={className}>
      {(control) => (
        <select
          {...select}
          {...control}
          ref={ref}
          className={cn(
            'min-h-11 w-full rounded-md border bg-white px-3 text-base text-gray-900 disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-600',
            error ? 'border-red-700' : 'border-gray-500',
          )}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => {
            const { value, label } = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {label}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}
