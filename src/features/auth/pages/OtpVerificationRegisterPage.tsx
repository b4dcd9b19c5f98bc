import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { verifyRegisterOtpSchema } from '@contract/auth';
import { notify } from '@/lib/notify';
import { useVerifyRegisterOtp } from '../api';
import { AuthLayout } from '../components/layout';
import { OtpVerificationForm } from '../components/OtpVerificationForm';
import { textLink } from '../components/styles';
import { errorMessage } from '../lib/errors';

/** /otp-verification-register: the SMS code that finishes a phone registration; the phone comes in history state. */
export function OtpVerificationRegisterPage() {
  const phone = useLocation({ select: (location) => location.state.phone });
  const navigate = useNavigate();
  const verify = useVerifyRegisterOtp();
  const [error, setError] = useState<string | null>(null);

  function fail(message: string) {
    setError(message);
    notify.error(message);
  }

  function onVerify(code: string) {
    const parsed = verifyRegisterOtpSchema.safeParse({ phone: phone ?? '', code });
    if (!parsed.success) {
      fail(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    verify.mutate(parsed.data, {
      onSuccess: () => {
        notify.success('Account verified successfully');
        void navigate({ to: '/login' });
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
        title="Verify your phone"
        description={phone ? `Enter the 4-digit code we sent by SMS to ${phone}.` : 'Enter the 4-digit code we sent by SMS.'}
        error={error}
        busy={verify.isPending}
        onVerify={onVerify}
      >
        <p className="text-center text-sm">
          <Link to="/register" className={textLink}>
            Use a different number
          </Link>
        </p>
      </OtpVerificationForm>
    </AuthLayout>
  );
}
