import { useState } from 'react';
import { textsNow } from '@/i18n/messages';
import { validationMessageNow } from '@/i18n/validation';
import { notify } from '@/lib/notify';
import { authText } from '@/messages/auth';
import { errorMessage } from './errors';

/** How both OTP screens report a failure: in the box beside the code and as a toast. */
export function useOtpError() {
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    clear: () => setError(null),
    /** Refused before sending (or an unusable answer): the same text in both places. */
    fail: (message?: string) => {
      const shown = message === undefined ? textsNow(authText).otpFailed : validationMessageNow(message);
      setError(shown);
      notify.error(shown);
    },
    /** Refused by the server: the toast says the code failed; the box beside the code says why (wrong or expired). */
    rejected: (err: unknown) => {
      const failed = textsNow(authText).otpFailed;
      setError(errorMessage(err, failed));
      notify.error(failed);
    },
  };
}
