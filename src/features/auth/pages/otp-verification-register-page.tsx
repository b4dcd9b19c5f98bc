import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { verifyRegisterOtpSchema } from '@contract/auth';
import { notify } from '@/lib/notify';
import { useVerifyRegisterOtp } from '../api';
import { AuthLayout } from '../components/layout';
import { OtpVerificationForm } from '../components/otp-verification-form';
import { textLink } from '../components/styles';
import { useOtpError } from '../lib/use-otp-error';

/** /otp-verification-register: the SMS code that finishes a phone registration; the phone and the registration's token come in history state. */
export function OtpVerificationRegisterPage() {
  const phone = useLocation({ select: (location) => location.state.phone });
  const registration = useLocation({ select: (location) => location.state.registration });
  const navigate = useNavigate();
  const verify = useVerifyRegisterOtp();
  const { error, clear, fail, rejected } = useOtpError();

  function onVerify(code: string) {
    const parsed = verifyRegisterOtpSchema.safeParse({ phone: phone ?? '', code, registration: registration ?? '' });
    if (!parsed.success) {
      fail(parsed.error.issues[0]!.message);
      return;
    }
    clear();
    verify.mutate(parsed.data, {
      onSuccess: () => {
        notify.success('Account verified successfully');
        void navigate({ to: '/login' });
      },
      onError: rejected,
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
