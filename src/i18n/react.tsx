import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Locale } from '@contract/locale';
import { formatCount, formatTaka, formatTakaExact, formatTakaPrecise } from '@contract/money';
import { formatDateDmy, formatDateMdy } from '@/lib/dates';
import { currentLocale, subscribeToLocale, type MessageNamespace, type MessageTable } from './messages';

/** The language on screen, and on the server the namespaces a page's render used (their chunks are preloaded). */
type LocaleState = { locale: Locale; used?: Set<string> };

const LocaleContext = createContext<LocaleState | null>(null);

/** The browser's language, following every switch. */
export function BrowserLocale({ children }: { children: ReactNode }) {
  const locale = useSyncExternalStore(subscribeToLocale, currentLocale, currentLocale);
  const state = useMemo(() => ({ locale }), [locale]);
  return <LocaleContext.Provider value={state}>{children}</LocaleContext.Provider>;
}

/** One request's language on the server, and where its render notes the namespaces it shows. */
export function RenderedLocale({ locale, used, children }: { locale: Locale; used: Set<string>; children: ReactNode }) {
  return <LocaleContext.Provider value={{ locale, used }}>{children}</LocaleContext.Provider>;
}

export function useLocale(): Locale {
  return useContext(LocaleContext)?.locale ?? currentLocale();
}

/** A namespace's texts in the language on screen. Loaded before its module finished; else the render waits for them. */
export function useMessages<T extends MessageTable>(namespace: MessageNamespace<T>): T {
  const state = useContext(LocaleContext);
  const locale = state?.locale ?? currentLocale();
  state?.used?.add(namespace.name);
  const texts = namespace.get(locale);
  if (!texts) throw namespace.load(locale);
  return texts;
}

/** Amounts, counts and dates in the language on screen: ৳1,42,800 and Nov 2, 2026, or ৳১,৪২,৮০০ and ২ নভেম্বর, ২০২৬. */
export function useFormat() {
  const locale = useLocale();
  return useMemo(
    () => ({
      locale,
      taka: (amount: number) => formatTaka(amount, locale),
      takaExact: (amount: number) => formatTakaExact(amount, locale),
      takaPrecise: (amount: number) => formatTakaPrecise(amount, locale),
      count: (count: number) => formatCount(count, locale),
      dateMdy: (value: string | number | Date) => formatDateMdy(value, locale),
      dateDmy: (value: string | number | Date) => formatDateDmy(value, locale),
    }),
    [locale],
  );
}
