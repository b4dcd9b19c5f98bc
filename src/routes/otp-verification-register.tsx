import { createFileRoute } from '@tanstack/react-router';
import { OtpVerificationRegisterPage } from '@/features/auth/pages/otp-verification-register-page';
import { PageHead } from '@/components/page-head';

export const Route = createFileRoute('/otp-verification-register')({
  component: OtpVerificationRegisterRoute,
});

function OtpVerificationRegisterRoute() {
  return (
    <>
      <PageHead title="Verify your phone" />
      <OtpVerificationRegisterPage />
    </>
  );
}
