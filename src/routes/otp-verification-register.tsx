import { createFileRoute } from '@tanstack/react-router';
import { OtpVerificationRegisterPage } from '@/features/auth/pages/otp-verification-register-page';
import { PageHead } from '@/components/page-head';
import { useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';

export const Route = createFileRoute('/otp-verification-register')({
  component: OtpVerificationRegisterRoute,
});

function OtpVerificationRegisterRoute() {
  const text = useMessages(authText);
  return (
    <>
      <PageHead title={text.pageTitleVerifyPhone} />
      <OtpVerificationRegisterPage />
    </>
  );
}
