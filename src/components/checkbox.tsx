import { Check, Minus } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from './cn';

/**
 * A native checkbox whose own box is the 44 × 44 px tap target, with a 20 px square drawn in its middle: a native box
 * drawn at 44 px would dwarf what it sits beside, and a small one inside a larger label left the control itself small.
 * Checked and indeterminate ("some selected", a property set by the owner) show a tick and a dash.
 */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <span className={cn('group relative inline-flex size-11 shrink-0 items-center justify-center', className)}>
      <input
        {...props}
        type="checkbox"
        className="peer absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-md focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none flex size-5 items-center justify-center rounded border-2 border-gray-500 bg-white text-white peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-indeterminate:border-brand-700 peer-indeterminate:bg-brand-700 peer-disabled:opacity-50"
      >
        <Check strokeWidth={3} className="hidden size-3.5 group-has-checked:block" />
        <Minus strokeWidth={3} className="hidden size-3.5 group-has-indeterminate:block" />
      </span>
    </span>
  );
}
