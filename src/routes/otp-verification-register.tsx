import { createFileRoute } from '@tanstack/react-router';
import { PageHead } from '@/components/page-head';
import { OtpVerificationRegisterPage } from '@/features/auth';

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
