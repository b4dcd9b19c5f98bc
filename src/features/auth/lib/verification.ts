import { ApiError } from '@/lib/api';

export const VERIFICATION_EXPIRED = 'Verification link has expired. Please register again.';
export const ALREADY_VERIFIED = 'Account already verified. Please login.';
export const VERIFICATION_FAILED = 'Verification failed. Please try again.';

/** What the account-verification screen says when verification fails; 'expired' wins over 'already'. */
export function verificationFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return VERIFICATION_FAILED;
  if (/expired/i.test(error.message)) return VERIFICATION_EXPIRED;
  if (error.status === 409 || /already/i.test(error.message)) return ALREADY_VERIFIED;
  return error.hasServerMessage ? error.message : VERIFICATION_FAILED;
}
