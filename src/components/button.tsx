import type { ComponentProps } from 'react';
import { cn } from './cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'border border-brand-700 bg-white text-brand-700 hover:bg-brand-50',
  ghost: 'text-brand-700 hover:bg-brand-50',
};

/**
 * A caller's own side padding (`px-2`) replaces the default: two px- classes on one element do not override each
 * other by their order in the attribute but by the stylesheet's, where px-4 comes last.
 */
const ownSidePadding = /(^|\s)px-/;

/** Button looks for elements that are not buttons, e.g. a router link that should look like one. */
export function buttonClassName(variant: ButtonVariant = 'primary', className?: string): string {
  return cn(
    'relative inline-flex min-h-11 items-center justify-center gap-2 rounded-md text-base font-semibold transition-colors',
    !ownSidePadding.test(className ?? '') && 'px-4',
    variants[variant],
    className,
  );
}

type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  /** While an action runs: disabled, aria-busy, a spinner over the label; the width stays the same. */
  busy?: boolean;
};

export function Button({ variant = 'primary', busy = false, disabled, className, children, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClassName(variant, cn(!busy && 'disabled:cursor-not-allowed disabled:opacity-60', className))}
    >
      {/* The label stays in the layout (and in the accessible name) while hidden, so the width does not change. */}
      <span className={cn('inline-flex items-center gap-2', busy && 'opacity-0')}>{children}</span>
      {busy && (
        <span className="absolute inset-0 flex items-center justify-center">
          <Spinner />
        </span>
      )}
    </button>
  );
}
