import { Link, useNavigate } from '@tanstack/react-router';
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { verifyAccountSchema } from '@contract/auth';
import { Alert } from '@/components/alert';
import { ApiError } from '@/lib/api';
import { useVerifyAccount } from '../api';
import { SubmitButton } from '../components/feedback';
import { PasswordField } from '../components/fields';
import { AuthLayout } from '../components/layout';
import { headingClass, leadClass, primaryButton, secondaryButton } from '../components/styles';
import { VERIFIED_REDIRECT_DELAY_MS } from '../lib/constants';
import { verificationFailureMessage } from '../lib/verification';
import { useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';
import { useValidationMessage } from '@/i18n/validation';

/**
 * /verify/{token} and /user/verify/{token}: finishes an email registration. The link proves the inbox; the password
 * chosen when signing up proves this registration was the reader's own, so a stranger who registered the address
 * gains nothing when its owner opens the link.
 */
export function VerifyAccountPage({ token }: { token: string }) {
  const navigate = useNavigate();
  const { mutate, status, error, isPending, data } = useVerifyAccount();
  // The sign-in page opens with the verified address filled in.
  const identifier = data?.user?.email ?? data?.user?.phone ?? undefined;
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const text = useMessages(authText);
  const message = useValidationMessage();
  // A wrong password keeps the form, with the server's word on it; any other failure ends here.
  const wrongPassword = error instanceof ApiError && error.status === 403 ? message(error.message) : null;

  useEffect(() => passwordRef.current?.focus(), []);

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => void navigate({ to: '/login', state: { identifier } }), VERIFIED_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, navigate, identifier]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = verifyAccountSchema.safeParse({ token, password });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]!.message);
      return;
    }
    setFieldError(null);
    mutate(parsed.data);
  };

  return (
    <AuthLayout title={text.pageTitleVerifyAccount}>
      {/* One live region, so each change of state is read out. */}
      <div aria-live="polite">
        {status === 'success' ? (
          <div className="text-center">
            <CircleCheck aria-hidden="true" className="mx-auto size-12 text-brand-700" />
            <h1 className={`${headingClass} mt-4`}>{text.verifiedTitle}</h1>
            <p className={leadClass}>{text.verifiedDetail}</p>
          </div>
        ) : status === 'error' && !wrongPassword ? (
          <div className="text-center">
            <CircleX aria-hidden="true" className="mx-auto size-12 text-red-700" />
            <h1 className={`${headingClass} mt-4`}>{text.verificationFailedTitle}</h1>
            <p className="mt-2 text-sm text-red-800">{verificationFailureMessage(error)}</p>
            <div className="mt-6 space-y-3">
              <Link to="/register" className={primaryButton}>
                {text.register}
              </Link>
              <Link to="/login" className={secondaryButton}>
                {text.login}
              </Link>
            </div>
          </div>
        ) : (
          <form noValidate onSubmit={submit} className="space-y-5">
            <div>
              <h1 className={headingClass}>{text.verifyTitle}</h1>
              <p className={leadClass}>{text.verifyLead}</p>
            </div>
            <PasswordField
              label={text.password}
              autoComplete="current-password"
              ref={passwordRef}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={message(fieldError ?? undefined)}
            />
            {wrongPassword && <Alert>{wrongPassword}</Alert>}
            <SubmitButton busy={isPending} busyText={text.verifying}>
              {text.verify}
            </SubmitButton>
          </form>
        )}
      </div>
    </AuthLayout>
  );
}
