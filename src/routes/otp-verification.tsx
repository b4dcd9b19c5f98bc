import { createFileRoute } from '@tanstack/react-router';
import { PageHead } from '@/components/page-head';
import { OtpVerificationPage } from '@/features/auth';

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
