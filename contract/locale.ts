/**
 * The shop's languages. English is the default and the spec's wording; Bangla is the shopper's choice, remembered in
 * a cookie the server reads (pages, share previews, emails) and in local storage the app reads before it renders.
 */
export const LOCALES = ['en', 'bn'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie (and the `?lang=` parameter of a page address) that carries the choice. */
export const LOCALE_COOKIE = 'lang';
export const LOCALE_PARAMETER = 'lang';

/** A page's address that opens it in `locale`, and remembers the choice: the links of a message written in it. */
export function addressInLanguage(address: string, locale: Locale): string {
  return `${address}${address.includes('?') ? '&' : '?'}${LOCALE_PARAMETER}=${locale}`;
}

/** The name of each language in itself, for the switch. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', bn: 'বাংলা' };

/** The Intl locale each language formats with where the shop leaves it to the browser (the back office's times and charts). */
export const INTL_LOCALES: Record<Locale, string> = { en: 'en-IN', bn: 'bn-BD' };

export const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'bn';

/** The first of the browser's preferred languages the shop speaks (`bn`, `bn-BD`, `bn-IN` → Bangla), else English. */
export function localeFromLanguages(languages: readonly string[]): Locale {
  for (const language of languages) {
    const primary = language.trim().toLowerCase().split(/[-_;]/)[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** An `Accept-Language` header's languages in the order of their weights (`bn;q=0.9, en;q=0.8`). */
export function languagesOfHeader(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = Number(
        parameters
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), weight: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

const BANGLA_ZERO = 0x09e6;

/** Bangla digits (০–৯) as ASCII digits: every number a shopper types (phone, code, quantity, price) may use either set. */
export function toAsciiDigits(value: string): string {
  return value.replace(/[\u09e6-\u09ef]/g, (digit) => String(digit.charCodeAt(0) - BANGLA_ZERO));
}

/** ASCII digits in the language's own digits: order numbers, codes and dates read ১২৩ in Bangla. */
export function toLocaleDigits(value: string, locale: Locale): string {
  return locale === 'bn' ? value.replace(/[0-9]/g, (digit) => String.fromCharCode(BANGLA_ZERO + Number(digit))) : value;
}

/** A number as a shopper types it: digits, an optional sign and decimal point; no exponent, hex, spaces or words. */
const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Typed text of a number in either digit set ('১২০.৫') as that number; any other value as it is, for a schema to judge:
 * text that is not cleanly a number ('5abc', '0x10', '1e3') stays text, and an array or a boolean stays what it is, so a
 * number schema refuses them rather than coercing them.
 */
export function numberOfText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const digits = toAsciiDigits(value.trim());
  return NUMBER_TEXT.test(digits) ? Number(digits) : value;
}
