export { LoginPage } from './pages/LoginPage';
export { RegisterPage } from './pages/RegisterPage';
export { VerifyPendingPage } from './pages/VerifyPendingPage';
export { VerifyAccountPage } from './pages/VerifyAccountPage';
export { OtpVerificationRegisterPage } from './pages/OtpVerificationRegisterPage';
export { OtpVerificationPage } from './pages/OtpVerificationPage';
export { ForgotPasswordPage } from './pages/ForgotPasswordPage';
export { ResetPasswordPage } from './pages/ResetPasswordPage';
