import { Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { AuthLayout } from '../components/layout';
import { headingClass, leadClass, secondaryButton } from '../components/styles';

/** /verify/pending: after registering by email. 'Resend Email' leads back to /register. */
export function VerifyPendingPage() {
  return (
    <AuthLayout>
      <div className="text-center">
        <MailCheck aria-hidden="true" className="mx-auto size-12 text-brand-700" />
        <h1 className={`${headingClass} mt-4`}>Almost Done!</h1>
        <p className={leadClass}>
          We&apos;ve emailed you an activation link. Open it to activate your account. If you can&apos;t find the email,
          check your spam folder.
        </p>
        <Link to="/register" className={`${secondaryButton} mt-6`}>
          Resend Email
        </Link>
      </div>
    </AuthLayout>
  );
}
