import type { ReactNode } from 'react';
import { cn } from '@/components/cn';

/**
 * A live preview in a back-office form: the storefront's own component (a banner slide, the logo, a category tile)
 * drawn as the shop draws it. A picture of the shop, not part of the form: its links are neither focused nor followed.
 */
export function StorefrontPreview({ label = 'Preview in the shop', className, children }: { label?: string; className?: string; children: ReactNode }) {
  return (
    <section aria-label={label} className="rounded-md border border-gray-200 bg-gray-50 p-3">
      <p className="mb-2 text-xs font-semibold text-gray-600 uppercase">Preview</p>
      <div inert className={cn('select-none', className)}>
        {children}
      </div>
    </section>
  );
}
