import { useCallback } from 'react';
import { useLocale, useMessages } from '@/i18n/react';
import type { MessageTable } from '@/i18n/messages';
import { apiText } from '@/messages/api';
import { ApiError } from './api';

/**
 * What a screen shows of a failed call, in the language on screen: the server's own message in English, its text by
 * code in another language (with the values it was made from), and the screen's `fallback` — already in the shopper's
 * language — when the answer carried no message, or one the app has no translation of.
 */
export function useApiMessage(): (error: unknown, fallback: string) => string {
  const locale = useLocale();
  const texts: MessageTable = useMessages(apiText);
  return useCallback(
    (error: unknown, fallback: string) => {
      if (!(error instanceof ApiError) || !error.hasServerMessage) return fallback;
      if (locale === 'en') return error.message;
      const text = error.code !== undefined && Object.hasOwn(texts, error.code) ? texts[error.code] : undefined;
      if (typeof text === 'string') return text;
      if (typeof text === 'function' && error.values) return text(...error.values);
      return fallback;
    },
    [locale, texts],
  );
}
