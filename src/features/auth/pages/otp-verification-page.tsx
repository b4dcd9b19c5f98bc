import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { verifyResetOtpSchema } from '@contract/auth';
import { useVerifyResetOtp } from '../api';
import { AuthLayout } from '../components/layout';
import { OtpVerificationForm } from '../components/otp-verification-form';
import { textLink } from '../components/styles';
import { useOtpError } from '../lib/use-otp-error';
import { useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';

/** /otp-verification: the password-reset code; the identifier and the request's token come in history state, and the identifier goes on with the reset token. */
export function OtpVerificationPage() {
  const identifier = useLocation({ select: (location) => location.state.identifier });
  const resetRequest = useLocation({ select: (location) => location.state.resetRequest });
  const navigate = useNavigate();
  const verify = useVerifyResetOtp();
  const { error, clear, fail, rejected } = useOtpError();
  const text = useMessages(authText);

  function onVerify(code: string) {
    const parsed = verifyResetOtpSchema.safeParse({ identifier: identifier ?? '', code, resetRequest: resetRequest ?? '' });
    if (!parsed.success) {
      fail(parsed.error.issues[0]!.message);
      return;
    }
    clear();
    verify.mutate(parsed.data, {
      onSuccess: (data) => {
        if (!data?.resetToken) {
          fail();
          return;
        }
        void navigate({ to: '/reset-password', state: { identifier: parsed.data.identifier, resetToken: data.resetToken } });
      },
      onError: rejected,
    });
  }

  return (
    <AuthLayout title={text.pageTitleEnterOtp}>
      <OtpVerificationForm
        title={text.enterCodeTitle}
        description={identifier ? text.codeSentTo(identifier) : text.codeSent}
        error={error}
        busy={verify.isPending}
        onVerify={onVerify}
      >
        <p className="text-center text-sm">
          <Link to="/forgot-password" className={textLink}>
            {text.sendNewCode}
          </Link>
        </p>
      </OtpVerificationForm>
    </AuthLayout>
  );
}
