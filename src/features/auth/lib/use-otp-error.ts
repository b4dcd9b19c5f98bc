import { useState } from 'react';
import { notify } from '@/lib/notify';
import { errorMessage } from './errors';

const OTP_FAILED = 'OTP verification failed';

/** How both OTP screens report a failure: in the box beside the code and as a toast. */
export function useOtpError() {
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    clear: () => setError(null),
    /** Refused before sending (or an unusable answer): the same text in both places. */
    fail: (message: string = OTP_FAILED) => {
      setError(message);
      notify.error(message);
    },
    /** Refused by the server: the toast says the code failed; the box beside the code says why (wrong or expired). */
    rejected: (err: unknown) => {
      setError(errorMessage(err, OTP_FAILED));
      notify.error(OTP_FAILED);
    },
  };
}
