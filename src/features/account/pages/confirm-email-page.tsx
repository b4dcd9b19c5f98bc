import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { buttonClassName } from '@/components/button';
import { Page } from '@/components/page';
import { Spinner } from '@/components/spinner';
import { useMessages } from '@/i18n/react';
import { useApiMessage } from '@/lib/api-message';
import { accountText } from '@/messages/account';
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
  const text = useMessages(accountText);
  const apiMessage = useApiMessage();
  const requested = useRef<string | null>(null);

  useEffect(() => {
    // StrictMode runs effects twice; a second call would answer 'already confirmed' and hide the success.
    if (requested.current === token) return;
    requested.current = token;
    mutate(token);
  }, [token, mutate]);

  const settings = user?.role === 'user' ? '/user/profile' : '/';
  return (
    <Page title={text.confirmEmailTitle}>
      <div aria-live="polite" className="mt-4 flex max-w-xl flex-col items-start gap-4">
        {status === 'success' ? (
          <p className="text-gray-800">
            {text.emailNowBefore} <strong className="break-all">{data.data.email}</strong>
            {text.emailNowAfter}
          </p>
        ) : status === 'error' ? (
          <p className="text-red-800">{apiMessage(error, text.emailNotConfirmed)}</p>
        ) : (
          <p className="flex items-center gap-2 text-gray-800">
            <Spinner /> {text.confirming}
          </p>
        )}
        {status !== 'pending' && status !== 'idle' && (
          <Link to={settings} className={buttonClassName('secondary')}>
            {settings === '/' ? text.goHome : text.backToSettings}
          </Link>
        )}
      </div>
    </Page>
  );
}
