import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { OtpVerificationPage } from '@/features/auth/pages/otp-verification-page';

export const Route = createFileRoute('/otp-verification')({
  component: OtpVerificationRoute,
});

function OtpVerificationRoute() {
  useDocumentTitle('Enter OTP');
  return <OtpVerificationPage />;
}
