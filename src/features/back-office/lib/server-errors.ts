import { textsNow } from '@/i18n/messages';
import { ApiError } from '@/lib/api';
import { apiMessageText } from '@/lib/api-message';
import { backOfficeText } from '@/messages/back-office';

/**
 * What a failed write tells the form: the server's message for each field it names (by the field's path on the wire),
 * and its message for the whole form when it names none, in the language on screen where the app has the text of its
 * code (a field's message without one stays as sent, for the form's validation texts to translate). A lost connection
 * says the write needs one.
 */
export function serverErrors(error: unknown, fallback: string): { fields: Record<string, string>; form?: string } {
  if (!(error instanceof ApiError)) return { fields: {}, form: fallback };
  if (error.isNetworkError) return { fields: {}, form: textsNow(backOfficeText).needsConnection };
  const fields: Record<string, string> = {};
  for (const { path, message, code } of error.errors ?? [])
    fields[path] ??= apiMessageText(new ApiError(message, error.status, undefined, true, code), message);
  const named = Object.keys(fields).length > 0;
  return { fields, form: named ? undefined : apiMessageText(error, fallback) };
}
