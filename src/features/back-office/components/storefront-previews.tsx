import type { ReactNode } from 'react';
import { cn } from '@/components/cn';
import { useMessages } from '@/i18n/react';
import { backOfficeText } from '@/messages/back-office';

/**
 * A live preview in a back-office form: the storefront's own component (a banner slide, the logo, a category tile)
 * drawn as the shop draws it. A picture of the shop, not part of the form: its links are neither focused nor followed.
 */
export function StorefrontPreview({ label, className, children }: { label?: string; className?: string; children: ReactNode }) {
  const text = useMessages(backOfficeText);
  return (
    <section aria-label={label ?? text.previewInShop} className="rounded-md border border-gray-200 bg-gray-50 p-3">
      <p className="mb-2 text-xs font-semibold text-gray-600 uppercase">{text.preview}</p>
      <div inert className={cn('select-none', className)}>
        {children}
      </div>
    </section>
  );
}
