import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { resetPasswordFormSchema } from '@contract/auth';
import { notify } from '@/lib/notify';
import { useResetPassword } from '../api';
import { SubmitButton } from '../components/feedback';
import { PasswordField } from '../components/fields';
import { AuthLayout } from '../components/layout';
import { headingClass, leadClass, primaryButton } from '../components/styles';
import { errorMessage } from '../lib/errors';
import { useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';
import { useValidationMessage } from '@/i18n/validation';
import { textsNow } from '@/i18n/messages';

/** /reset-password: the last step; needs the identifier and reset token the code step left in history state. */
export function ResetPasswordPage() {
  const identifier = useLocation({ select: (location) => location.state.identifier });
  const resetToken = useLocation({ select: (location) => location.state.resetToken });
  const text = useMessages(authText);
  return (
    <AuthLayout title={text.pageTitleResetPassword}>
      {identifier && resetToken ? (
        <ResetPasswordForm identifier={identifier} resetToken={resetToken} />
      ) : (
        <div className="text-center">
          <h1 className={headingClass}>{text.resetTitle}</h1>
          <p className={leadClass}>{text.resetExpired}</p>
          <Link to="/forgot-password" className={`${primaryButton} mt-6`}>
            {text.requestNewOtp}
          </Link>
        </div>
      )}
    </AuthLayout>
  );
}

function ResetPasswordForm({ identifier, resetToken }: { identifier: string; resetToken: string }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const text = useMessages(authText);
  const message = useValidationMessage();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<z.input<typeof resetPasswordFormSchema>, unknown, z.output<typeof resetPasswordFormSchema>>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  useEffect(() => setFocus('password'), [setFocus]);

  const onSubmit = handleSubmit(({ password }) =>
    resetPassword.mutate(
      { identifier, resetToken, password },
      {
        onSuccess: () => {
          notify.success(textsNow(authText).resetSuccess);
          void navigate({ to: '/login' });
        },
        onError: (error) => notify.error(errorMessage(error, textsNow(authText).resetFailed)),
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <div>
        <h1 className={headingClass}>{text.resetTitle}</h1>
        <p className={leadClass}>{text.resetLead(identifier)}</p>
      </div>
      <PasswordField label={text.newPassword} autoComplete="new-password" error={message(errors.password?.message)} {...register('password')} />
      <PasswordField
        label={text.confirmPassword}
        autoComplete="new-password"
        error={message(errors.confirmPassword?.message)}
        {...register('confirmPassword')}
      />
      <SubmitButton busy={resetPassword.isPending} busyText={text.resetting}>
        {text.resetPassword}
      </SubmitButton>
    </form>
  );
}
