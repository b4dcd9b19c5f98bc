import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { Button } from '@/components/button';
import { notify } from '@/lib/notify';
import { useResendRegistration } from '../api';
import { AuthLayout } from '../components/layout';
import { headingClass, leadClass, secondaryButton } from '../components/styles';
import { errorMessage } from '../lib/errors';
import { useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';
import { textsNow } from '@/i18n/messages';

/**
 * /verify/pending: after registering by email. Names the address the link went to, and 'Resend Email' sends it again
 * for the registration whose token came with the address in history state. Opened without them (a bookmark, a new
 * tab), 'Resend Email' leads back to /register.
 */
export function VerifyPendingPage() {
  const email = useLocation({ select: (location) => location.state.email });
  const registration = useLocation({ select: (location) => location.state.registration });
  const navigate = useNavigate();
  const resend = useResendRegistration();
  const text = useMessages(authText);

  const resendEmail = (to: string, token: string) =>
    resend.mutate(
      { method: 'email', email: to, registration: token },
      {
        onSuccess: (result) => {
          notify.success(textsNow(authText).newLinkSent(to));
          void navigate({ to: '/verify/pending', replace: true, state: { email: to, registration: result.registration } });
        },
        onError: (error) => notify.error(errorMessage(error, textsNow(authText).emailFailed)),
      },
    );

  return (
    <AuthLayout title={text.pageTitleAlmostDone}>
      <div className="text-center">
        <MailCheck aria-hidden="true" className="mx-auto size-12 text-brand-700" />
        <h1 className={`${headingClass} mt-4`}>{text.almostDone}</h1>
        <p className={leadClass}>
          {email ? (
            <>
              {text.emailedLinkBefore}
              <strong className="break-all">{email}</strong>
              {text.emailedLinkAfter}
            </>
          ) : (
            text.emailedLink
          )}
        </p>
        {email && registration ? (
          <Button variant="secondary" className="mt-6 w-full" busy={resend.isPending} onClick={() => resendEmail(email, registration)}>
            {text.resendEmail}
          </Button>
        ) : (
          <Link to="/register" className={`${secondaryButton} mt-6`}>
            {text.resendEmail}
          </Link>
        )}
      </div>
    </AuthLayout>
  );
}
