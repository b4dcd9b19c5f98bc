import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { verifyResetOtpSchema } from '@contract/auth';
import { notify } from '@/lib/notify';
import { useVerifyResetOtp } from '../api';
import { AuthLayout } from '../components/layout';
import { OtpVerificationForm } from '../components/OtpVerificationForm';
import { textLink } from '../components/styles';
import { errorMessage } from '../lib/errors';

/** /otp-verification: the password-reset code; the identifier comes in history state and goes on with the reset token. */
export function OtpVerificationPage() {
  const identifier = useLocation({ select: (location) => location.state.identifier });
  const navigate = useNavigate();
  const verify = useVerifyResetOtp();
  const [error, setError] = useState<string | null>(null);

  function fail(message: string) {
    setError(message);
    notify.error(message);
  }

  function onVerify(code: string) {
    const parsed = verifyResetOtpSchema.safeParse({ identifier: identifier ?? '', code });
    if (!parsed.success) {
      fail(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    verify.mutate(parsed.data, {
      onSuccess: (data) => {
        if (!data?.resetToken) {
          fail('OTP verification failed');
          return;
        }
        void navigate({ to: '/reset-password', state: { identifier: parsed.data.identifier, resetToken: data.resetToken } });
      },
      // The toast is the spec's text; the box beside the code says why (wrong or expired code).
      onError: (err) => {
        setError(errorMessage(err, 'OTP verification failed'));
        notify.error('OTP verification failed');
      },
    });
  }

  return (
    <AuthLayout>
      <OtpVerificationForm
        title="Enter the code"
        description={identifier ? `Enter the 4-digit code we sent to ${identifier}.` : 'Enter the 4-digit code we sent you.'}
        error={error}
        busy={verify.isPending}
        onVerify={onVerify}
      >
        <p className="text-center text-sm">
          <Link to="/forgot-password" className={textLink}>
            Send a new code
          </Link>
        </p>
      </OtpVerificationForm>
    </AuthLayout>
  );
}
