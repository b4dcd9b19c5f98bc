import { useRouterState } from '@tanstack/react-router';
import { Languages } from 'lucide-react';
import { useState } from 'react';
import { LOCALE_NAMES, LOCALE_PARAMETER, type Locale } from '@contract/locale';
import { cn } from '@/components/cn';
import { setLocale } from '@/i18n/messages';
import { useLocale } from '@/i18n/react';

/**
 * Shows the interface in the other language at once, without a reload. A link to the same page in that language:
 * before the app has started (or without JavaScript) the server renders it and remembers the choice.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const locale = useLocale();
  const other: Locale = locale === 'bn' ? 'en' : 'bn';
  const href = useRouterState({
    select: (state) => {
      const search = new URLSearchParams(state.location.searchStr);
      search.set(LOCALE_PARAMETER, other);
      return `${state.location.pathname}?${search.toString()}`;
    },
  });
  const [switching, setSwitching] = useState(false);
  return (
    <a
      href={href}
      hrefLang={other}
      lang={other}
      // বাংলা is drawn, not set in a font (the bangla-wordmark shape): its name is given here.
      aria-label={other === 'bn' ? LOCALE_NAMES.bn : undefined}
      aria-busy={switching || undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        setSwitching(true);
        void setLocale(other).finally(() => setSwitching(false));
      }}
      className={cn(
        'flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1 rounded-md border border-gray-300 px-2 text-sm font-semibold text-gray-800 hover:bg-brand-50 hover:text-brand-800',
        className,
      )}
    >
      <Languages aria-hidden="true" className="size-4" />
      {other === 'bn' ? <span aria-hidden="true" className="bangla-wordmark" /> : LOCALE_NAMES[other]}
    </a>
  );
}
