import type { FastifyRequest } from 'fastify';
import { isLocale, languagesOfHeader, LOCALE_COOKIE, localeFromLanguages, type Locale } from '../../contract/locale';

/**
 * The language a request's answer (an invoice, the messages an order will send) is written in: the shopper's choice,
 * which the app keeps in a cookie, else the browser's languages.
 */
export function requestLocale(request: Pick<FastifyRequest, 'cookies' | 'headers'>): Locale {
  const chosen = request.cookies[LOCALE_COOKIE];
  return isLocale(chosen) ? chosen : localeFromLanguages(languagesOfHeader(request.headers['accept-language']));
}
