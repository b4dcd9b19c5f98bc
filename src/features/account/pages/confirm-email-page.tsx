import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { buttonClassName } from '@/components/button';
import { Page } from '@/components/page';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useConfirmEmail } from '../api';

/**
 * /confirm-email/{token}: the link mailed to a new email. It is opened signed in (the route sends others to sign in
 * first) and works only for the account that asked for the change, so a stranger's request gains nothing when the
 * address's owner opens it.
 */
export function ConfirmEmailPage({ token }: { token: string }) {
  const { user } = useSession();
  const { mutate, status, error, data } = useConfirmEmail();
  const requested = useRef<string | null>(null);

  useEffect(() => {
    // StrictMode runs effects twice; a second call would answer 'already confirmed' and hide the success.
    if (requested.current === token) return;
    requested.current = token;
    mutate(token);
  }, [token, mutate]);

  const settings = user?.role === 'user' ? '/user/profile' : '/';
  return (
    <Page title="Confirm your email">
      <div aria-live="polite" className="mt-4 flex max-w-xl flex-col items-start gap-4">
        {status === 'success' ? (
          <p className="text-gray-800">
            Your email is now <strong className="break-all">{data.data.email}</strong>.
          </p>
        ) : status === 'error' ? (
          <p className="text-red-800">{error instanceof ApiError && error.hasServerMessage ? error.message : 'The email could not be confirmed. Please try again.'}</p>
        ) : (
          <p className="flex items-center gap-2 text-gray-800">
            <Spinner /> Confirming...
          </p>
        )}
        {status !== 'pending' && status !== 'idle' && (
          <Link to={settings} className={buttonClassName('secondary')}>
            {settings === '/' ? 'Go to Homepage' : 'Back to Settings'}
          </Link>
        )}
      </div>
    </Page>
  );
}
