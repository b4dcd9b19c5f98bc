import { textsNow } from '@/i18n/messages';
import { validationMessageNow } from '@/i18n/validation';
import { ApiError } from '@/lib/api';
import { authText } from '@/messages/auth';

/** What the account-verification screen says when verification fails; 'expired' wins over 'already'. */
export function verificationFailureMessage(error: unknown): string {
  const text = textsNow(authText);
  if (!(error instanceof ApiError)) return text.verificationFailed;
  if (/expired/i.test(error.message)) return text.verificationExpired;
  if (error.status === 409 || /already/i.test(error.message)) return text.alreadyVerified;
  return error.hasServerMessage ? validationMessageNow(error.message) : text.verificationFailed;
}
