import { createFileRoute } from '@tanstack/react-router';
import { OtpVerificationPage } from '@/features/auth/pages/otp-verification-page';
import { PageHead } from '@/components/page-head';
import { useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';

export const Route = createFileRoute('/otp-verification')({
  component: OtpVerificationRoute,
});

function OtpVerificationRoute() {
  const text = useMessages(authText);
  return (
    <>
      <PageHead title={text.pageTitleEnterOtp} />
      <OtpVerificationPage />
    </>
  );
}
