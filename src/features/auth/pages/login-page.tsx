import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { loginSchema, type LoginInput } from '@contract/auth';
import { Alert } from '@/components/alert';
import { TextField } from '@/components/text-field';
import { safeRedirect } from '@/lib/guards';
import { notify } from '@/lib/notify';
import { session } from '@/lib/session';
import { useSignIn } from '../api';
import { SubmitButton } from '../components/feedback';
import { PasswordField } from '../components/fields';
import { GoogleSignIn } from '../components/google-sign-in';
import { AuthCard } from '../components/layout';
import { headingClass, leadClass, secondaryButton, textLink } from '../components/styles';
import { LOGIN_NAVIGATION_DELAY_MS, SIGN_IN_TOAST } from '../lib/constants';
import { errorMessage } from '../lib/errors';
import { useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';
import { useValidationMessage } from '@/i18n/validation';

/**
 * /login: Google, or the password form behind 'Via Password'; afterwards back where the user came from. Reached
 * from a just-verified registration, the form is open with its address (in history state) filled in.
 */
export function LoginPage({ redirectTo }: { redirectTo?: string }) {
  const target = safeRedirect(redirectTo) ?? '/';
  const verifiedIdentifier = useLocation({ select: (location) => location.state.identifier });
  const [showForm, setShowForm] = useState(Boolean(verifiedIdentifier));
  const formId = useId();
  const text = useMessages(authText);
  return (
    <AuthCard title={text.pageTitleSignIn}>
      <h1 className={headingClass}>{text.welcome}</h1>
      <p className={leadClass}>{text.loginLead}</p>
      <div className="mt-6">
        <GoogleSignIn text="signin_with" redirectTo={target} divider="below" />
        <button
          type="button"
          className={secondaryButton}
          aria-expanded={showForm}
          aria-controls={showForm ? formId : undefined}
          onClick={() => setShowForm((shown) => !shown)}
        >
          {text.viaPassword}
        </button>
        {showForm && <LoginForm id={formId} redirectTo={target} identifier={verifiedIdentifier} />}
      </div>
      <p className="mt-6 text-center text-sm text-gray-700">
        {text.noAccount}{' '}
        <Link to="/register" className={textLink}>
          {text.signUp}
        </Link>
      </p>
    </AuthCard>
  );
}

function LoginForm({ id, redirectTo, identifier }: { id: string; redirectTo: string; identifier?: string }) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [serverError, setServerError] = useState<string | null>(null);
  const text = useMessages(authText);
  const message = useValidationMessage();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<z.input<typeof loginSchema>, unknown, LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { identifier: identifier ?? '', password: '' },
  });

  useEffect(() => setFocus(identifier ? 'password' : 'identifier'), [setFocus, identifier]);

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    signIn.mutate(values, {
      onSuccess: ({ user, accessToken }) => {
        session.setUser(user, accessToken);
        notify.success(text.loginSuccess, SIGN_IN_TOAST);
        // `href` keeps the query string and hash of the page the user came from.
        setTimeout(() => void navigate({ href: redirectTo }), LOGIN_NAVIGATION_DELAY_MS);
      },
      // The box above the form says what went wrong (and is read out): a toast would say it a second time, and an
      // earlier sign-in toast (Google's) no longer applies.
      onError: (error) => {
        setServerError(errorMessage(error, text.loginFailed));
        notify.dismiss(SIGN_IN_TOAST.id);
      },
    });
  });

  return (
    <form id={id} noValidate onSubmit={onSubmit} className="mt-5 space-y-4">
      {serverError && <Alert>{serverError}</Alert>}
      <TextField label={text.emailOrPhone} autoComplete="username" error={message(errors.identifier?.message)} {...register('identifier')} />
      <PasswordField label={text.password} autoComplete="current-password" error={message(errors.password?.message)} {...register('password')} />
      <SubmitButton busy={signIn.isPending} busyText={text.signingIn}>
        {text.signIn}
      </SubmitButton>
      <p className="text-center text-sm">
        <Link to="/forgot-password" className={textLink}>
          {text.forgotLink}
        </Link>
      </p>
    </form>
  );
}
