import { useId, type ComponentProps } from 'react';
import { cn } from '@/components/cn';

type SelectFieldProps = ComponentProps<'select'> & {
  label: string;
  /** The first, empty option: what to choose, or 'Loading...' while the choices arrive. */
  placeholder: string;
  options: readonly string[];
  error?: string;
};

/** Label, native select and inline error; `ref` reaches the <select> so react-hook-form's register() fits. */
export function SelectField({ label, placeholder, options, error, id, className, ref, ...select }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = `${selectId}-error`;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={selectId} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <select
        {...select}
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(
          'min-h-11 w-full rounded-md border bg-white px-3 text-base text-gray-900 disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-600',
          error ? 'border-red-700' : 'border-gray-500',
        )}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
