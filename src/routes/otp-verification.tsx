import { createFileRoute } from '@tanstack/react-router';
import { OtpVerificationPage } from '@/features/auth/pages/otp-verification-page';

export const Route = createFileRoute('/otp-verification')({
  component: OtpVerificationPage,
});
