import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { toLocaleDigits } from '@contract/locale';
import { verifyRegisterOtpSchema } from '@contract/auth';
import { Button } from '@/components/button';
import { notify } from '@/lib/notify';
import { useResendRegistration, useVerifyRegisterOtp } from '../api';
import { AuthLayout } from '../components/layout';
import { OtpVerificationForm } from '../components/otp-verification-form';
import { textLink } from '../components/styles';
import { errorMessage } from '../lib/errors';
import { useOtpError } from '../lib/use-otp-error';
import { useLocale, useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';
import { textsNow } from '@/i18n/messages';

/**
 * /otp-verification-register: the SMS code that finishes a phone registration; the phone and the registration's token
 * come in history state. 'Resend code' texts a new code, which replaces the earlier one, and keeps the new token there.
 */
export function OtpVerificationRegisterPage() {
  const phone = useLocation({ select: (location) => location.state.phone });
  const registration = useLocation({ select: (location) => location.state.registration });
  const navigate = useNavigate();
  const verify = useVerifyRegisterOtp();
  const resend = useResendRegistration();
  const { error, clear, fail, rejected } = useOtpError();
  const text = useMessages(authText);
  const locale = useLocale();

  const resendCode = (to: string, token: string) =>
    resend.mutate(
      { method: 'phone', phone: to, registration: token },
      {
        onSuccess: (result) => {
          clear();
          notify.success(textsNow(authText).newCodeSent);
          void navigate({ to: '/otp-verification-register', replace: true, state: { phone: to, registration: result.registration } });
        },
        onError: (err) => notify.error(errorMessage(err, textsNow(authText).newCodeFailed)),
      },
    );

  function onVerify(code: string) {
    const parsed = verifyRegisterOtpSchema.safeParse({ phone: phone ?? '', code, registration: registration ?? '' });
    if (!parsed.success) {
      fail(parsed.error.issues[0]!.message);
      return;
    }
    clear();
    verify.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(textsNow(authText).accountVerified);
        void navigate({ to: '/login', state: { identifier: parsed.data.phone } });
      },
      onError: rejected,
    });
  }

  return (
    <AuthLayout title={text.pageTitleVerifyPhone}>
      {/* A new code starts a fresh form: empty boxes, focus on the first. */}
      <OtpVerificationForm
        key={registration}
        title={text.verifyPhoneTitle}
        description={phone ? text.smsCodeTo(toLocaleDigits(phone, locale)) : text.smsCode}
        error={error}
        busy={verify.isPending}
        onVerify={onVerify}
      >
        {phone && registration && (
          <Button variant="secondary" className="w-full" busy={resend.isPending} onClick={() => resendCode(phone, registration)}>
            {text.resendCode}
          </Button>
        )}
        <p className="text-center text-sm">
          <Link to="/register" className={textLink}>
            {text.differentNumber}
          </Link>
        </p>
      </OtpVerificationForm>
    </AuthLayout>
  );
}
