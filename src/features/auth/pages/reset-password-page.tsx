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

/** /reset-password: the last step; needs the identifier and reset token the code step left in history state. */
export function ResetPasswordPage() {
  const identifier = useLocation({ select: (location) => location.state.identifier });
  const resetToken = useLocation({ select: (location) => location.state.resetToken });
  return (
    <AuthLayout>
      {identifier && resetToken ? (
        <ResetPasswordForm identifier={identifier} resetToken={resetToken} />
      ) : (
        <div className="text-center">
          <h1 className={headingClass}>Reset password</h1>
          <p className={leadClass}>Reset session expired. Please request a new OTP.</p>
          <Link to="/forgot-password" className={`${primaryButton} mt-6`}>
            Request a new OTP
          </Link>
        </div>
      )}
    </AuthLayout>
  );
}

function ResetPasswordForm({ identifier, resetToken }: { identifier: string; resetToken: string }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
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
          notify.success('Password reset successful');
          void navigate({ to: '/login' });
        },
        onError: (error) => notify.error(errorMessage(error, 'Password reset failed')),
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <div>
        <h1 className={headingClass}>Reset password</h1>
        <p className={leadClass}>Choose a new password for {identifier}.</p>
      </div>
      <PasswordField label="New Password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <SubmitButton busy={resetPassword.isPending} busyText="Resetting...">
        Reset Password
      </SubmitButton>
    </form>
  );
}
