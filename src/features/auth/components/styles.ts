import { buttonClassName } from '@/components/button';

/** Shared class lists, so every auth screen has the same 44 px targets and 4.5:1 contrast. */
export const primaryButton = buttonClassName('primary', 'w-full');
export const secondaryButton = buttonClassName('secondary', 'w-full');

/** Links are underlined: colour alone must not tell them apart from text. */
export const textLink = 'inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

export const headingClass = 'text-2xl font-bold text-gray-900';
export const leadClass = 'mt-2 text-sm text-gray-700';
