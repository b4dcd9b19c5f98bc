import { Link, useNavigate } from '@tanstack/react-router';
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Spinner } from '@/components/spinner';
import { useVerifyAccount } from '../api';
import { AuthLayout } from '../components/layout';
import { headingClass, leadClass, primaryButton, secondaryButton } from '../components/styles';
import { VERIFIED_REDIRECT_DELAY_MS } from '../lib/constants';
import { verificationFailureMessage } from '../lib/verification';

/** /verify/{token} and /user/verify/{token}: verifies the account from the emailed link. */
export function VerifyAccountPage({ token }: { token: string }) {
  const navigate = useNavigate();
  const { mutate, status, error } = useVerifyAccount();
  const requested = useRef<string | null>(null);

  useEffect(() => {
    // StrictMode runs effects twice; a second call would answer 'already verified' and hide the success.
    if (requested.current === token) return;
    requested.current = token;
    mutate(token);
  }, [token, mutate]);

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => void navigate({ to: '/login' }), VERIFIED_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  return (
    <AuthLayout>
      {/* One live region, so each change of state is read out. */}
      <div aria-live="polite" className="text-center">
        {status === 'success' ? (
          <>
            <CircleCheck aria-hidden="true" className="mx-auto size-12 text-brand-700" />
            <h1 className={`${headingClass} mt-4`}>Verified!</h1>
            <p className={leadClass}>Your account is active. Taking you to the login page...</p>
          </>
        ) : status === 'error' ? (
          <>
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
          </>
        ) : (
          <>
            <Spinner className="mx-auto size-12 text-brand-700" />
            <h1 className={`${headingClass} mt-4`}>Verifying...</h1>
          </>
        )}
      </div>
    </AuthLayout>
  );
}
