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
  // A wrong password keeps the form, with the server's word on it; any other failure ends here.
  const wrongPassword = error instanceof ApiError && error.status === 403 ? error.message : null;

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
    <AuthLayout>
      {/* One live region, so each change of state is read out. */}
      <div aria-live="polite">
        {status === 'success' ? (
          <div className="text-center">
            <CircleCheck aria-hidden="true" className="mx-auto size-12 text-brand-700" />
            <h1 className={`${headingClass} mt-4`}>Verified!</h1>
            <p className={leadClass}>Your account is active. Taking you to the login page...</p>
          </div>
        ) : status === 'error' && !wrongPassword ? (
          <div className="text-center">
            <CircleX aria-hidden="true" className="mx-auto size-12 text-red-700" />
            <h1 className={`${headingClass} mt-4`}>Verification failed</h1>
            <p className="mt-2 text-sm text-red-800">{verificationFailureMessage(error)}</p>
            <div className="mt-6 space-y-3">
              <Link to="/register" className={primaryButton}>
                Register
              </Link>
              <Link to="/login" className={secondaryButton}>
                Login
              </Link>
            </div>
          </div>
        ) : (
          <form noValidate onSubmit={submit} className="space-y-5">
            <div>
              <h1 className={headingClass}>Verify your account</h1>
              <p className={leadClass}>Enter the password you chose when you signed up to finish.</p>
            </div>
            <PasswordField
              label="Password"
              autoComplete="current-password"
              ref={passwordRef}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={fieldError ?? undefined}
            />
            {wrongPassword && <Alert>{wrongPassword}</Alert>}
            <SubmitButton busy={isPending} busyText="Verifying...">
              Verify
            </SubmitButton>
          </form>
        )}
      </div>
    </AuthLayout>
  );
}
