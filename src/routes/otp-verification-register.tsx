import { createFileRoute } from '@tanstack/react-router';
import { OtpVerificationRegisterPage } from '@/features/auth/pages/otp-verification-register-page';

export const Route = createFileRoute('/otp-verification-register')({
  component: OtpVerificationRegisterPage,
});
