import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { OtpVerificationRegisterPage } from '@/features/auth/pages/otp-verification-register-page';

export const Route = createFileRoute('/otp-verification-register')({
  component: OtpVerificationRegisterRoute,
});

function OtpVerificationRegisterRoute() {
  useDocumentTitle('Verify your phone');
  return <OtpVerificationRegisterPage />;
}
