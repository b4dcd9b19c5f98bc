import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  /** Shown under the input and tied to it with aria-describedby; marks the input aria-invalid. */
  error?: string;
  hint?: string;
  /** Something inside the right edge of the input, e.g. a show/hide password button. */
  trailing?: ReactNode;
};

/**
 * Label, input and inline error. `ref` reaches the <input> (React 19 passes it as a prop),
 * so react-hook-form's `register()` can be spread straight onto it.
 */
export function TextField({ label, error, hint, trailing, id, className, ref, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = cn(hint && hintId, error && errorId) || undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="relative">
        <input
          {...input}
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'min-h-11 w-full rounded-md border bg-white px-3 text-base text-gray-900 placeholder:text-gray-500',
            error ? 'border-red-700' : 'border-gray-500',
            trailing ? 'pr-12' : null,
          )}
        />
        {trailing ? <div className="absolute inset-y-0 right-0 flex items-center">{trailing}</div> : null}
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
