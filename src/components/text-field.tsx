import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn';

export type FieldProps = {
  label: string;
  /** Shown under the control and tied to it with aria-describedby; marks the control aria-invalid. */
  error?: string;
  hint?: string;
};

const controlClass = 'w-full rounded-md border bg-white px-3 text-base text-gray-900 placeholder:text-gray-500';

/** The label, hint and error around a form control, and the attributes that tie them to it. */
export function Field({
  label,
  error,
  hint,
  id,
  className,
  children,
}: FieldProps & {
  id: string | undefined;
  className: string | undefined;
  children: (control: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': cn(hint && hintId, error && errorId) || undefined })}
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

type TextFieldProps = ComponentProps<'input'> &
  FieldProps & {
    /** Something inside the right edge of the input, e.g. a show/hide password button. */
    trailing?: ReactNode;
  };

/**
 * Label, input and inline error. `ref` reaches the <input> (React 19 passes it as a prop),
 * so react-hook-form's `register()` can be spread straight onto it.
 */
export function TextField({ label, error, hint, trailing, id, className, ref, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <div className="relative">
          <input
            {...input}
            {...control}
            ref={ref}
            className={cn(controlClass, 'min-h-11', error ? 'border-red-700' : 'border-gray-500', trailing ? 'pr-12' : null)}
          />
          {trailing ? <div className="absolute inset-y-0 right-0 flex items-center">{trailing}</div> : null}
        </div>
      )}
    </Field>
  );
}

/** Label, multi-line text and inline error, the same way as TextField (and `register()` spreads onto it too). */
export function TextArea({ label, error, hint, id, className, ref, rows = 3, ...textarea }: ComponentProps<'textarea'> & FieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <textarea
          {...textarea}
          {...control}
          ref={ref}
          rows={rows}
          className={cn(controlClass, 'min-h-11 py-2', error ? 'border-red-700' : 'border-gray-500')}
        />
      )}
    </Field>
  );
}
