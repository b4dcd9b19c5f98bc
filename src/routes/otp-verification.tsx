import { createFileRoute } from '@tanstack/react-router';
import { OtpVerificationPage } from '@/features/auth/pages/otp-verification-page';
import { PageHead } from '@/components/page-head';

export const Route = createFileRoute('/otp-verification')({
  component: OtpVerificationRoute,
});

function OtpVerificationRoute() {
  return (
    <>
      <PageHead title="Enter OTP" />
      <OtpVerificationPage />
    </>
  );
}
