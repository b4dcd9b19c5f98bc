import { useCallback } from 'react';
import type { Locale } from '@contract/locale';
import { currentLocale, type MessageTable } from '@/i18n/messages';
import { useLocale } from '@/i18n/react';
import { apiText } from '@/messages/api';
import { ApiError } from './api';

/**
 * What a screen shows of a failed call, in `locale`: the server's own message in English, its text by code in another
 * language (made from the values it was made from), and `fallback` — the screen's own text, already in the shopper's
 * language — when the answer carried no message, or one the app has no translation of.
 */
export function apiMessageText(error: unknown, fallback: string, locale: Locale = currentLocale()): string {
  if (!(error instanceof ApiError) || !error.hasServerMessage) return fallback;
  if (locale === 'en') return error.message;
  // Loaded with this module in the language on screen, and by every switch before it shows.
  const texts: MessageTable | undefined = apiText.get(locale);
  const text = texts && error.code !== undefined && Object.hasOwn(texts, error.code) ? texts[error.code] : undefined;
  if (typeof text === 'string') return text;
  if (typeof text === 'function' && error.values) return text(...error.values);
  return fallback;
}

/** `apiMessageText` in the language on screen, for components: they render again when it changes. */
export function useApiMessage(): (error: unknown, fallback: string) => string {
  const locale = useLocale();
  return useCallback((error: unknown, fallback: string) => apiMessageText(error, fallback, locale), [locale]);
}
