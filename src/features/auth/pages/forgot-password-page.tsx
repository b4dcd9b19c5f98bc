import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { forgotPasswordSchema } from '@contract/auth';
import { TextField } from '@/components/text-field';
import { notify } from '@/lib/notify';
import { useForgotPassword } from '../api';
import { SubmitButton } from '../components/feedback';
import { AuthLayout } from '../components/layout';
import { headingClass, leadClass, textLink } from '../components/styles';
import { errorMessage } from '../lib/errors';
import { useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';
import { useValidationMessage } from '@/i18n/validation';
import { textsNow } from '@/i18n/messages';

/** /forgot-password: sends a code to the email or phone, then carries the identifier and the request's token (in history state) to the code step. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const forgotPassword = useForgotPassword();
  const text = useMessages(authText);
  const message = useValidationMessage();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<z.input<typeof forgotPasswordSchema>, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { identifier: '' },
  });

  useEffect(() => setFocus('identifier'), [setFocus]);

  const onSubmit = handleSubmit(({ identifier }) =>
    forgotPassword.mutate(identifier, {
      onSuccess: ({ data }) => void navigate({ to: '/otp-verification', state: { identifier, resetRequest: data.resetRequest } }),
      // A failed request for a reset code says what a failed sign-in says.
      onError: (error) => notify.error(errorMessage(error, textsNow(authText).loginFailed)),
    }),
  );

  return (
    <AuthLayout title={text.pageTitleForgotPassword}>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <div>
          <h1 className={headingClass}>{text.forgotTitle}</h1>
          <p className={leadClass}>{text.forgotLead}</p>
        </div>
        <TextField label={text.emailOrPhone} autoComplete="username" error={message(errors.identifier?.message)} {...register('identifier')} />
        <SubmitButton busy={forgotPassword.isPending} busyText={text.sendingOtp}>
          {text.sendOtp}
        </SubmitButton>
        <p className="text-center text-sm">
          <Link to="/login" className={textLink}>
            {text.backToLogin}
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
