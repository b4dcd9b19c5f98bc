import { OTP_LENGTH } from '@contract/auth';
import { useId, useState, type ReactNode } from 'react';
import { Alert } from '@/components/alert';
import { useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';
import { SubmitButton } from './feedback';
import { OtpInput } from './otp-input';
import { headingClass, leadClass } from './styles';

type OtpVerificationFormProps = {
  title: string;
  description: ReactNode;
  error: string | null;
  busy: boolean;
  /** The boxes joined: shorter than OTP_LENGTH when a box is empty, so the caller's schema rejects it. */
  onVerify: (code: string) => void;
  children?: ReactNode;
};

/** The 4-digit code step shared by phone registration and password reset. */
export function OtpVerificationForm({ title, description, error, busy, onVerify, children }: OtpVerificationFormProps) {
  const [digits, setDigits] = useState(() => Array.from({ length: OTP_LENGTH }, () => ''));
  const errorId = useId();
  const text = useMessages(authText);
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        onVerify(digits.join(''));
      }}
    >
      <div>
        <h1 className={headingClass}>{title}</h1>
        <p className={leadClass}>{description}</p>
      </div>
      <OtpInput
        value={digits}
        onChange={setDigits}
        label={text.verificationCode}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
        focusOnMount
      />
      {error && (
        <div id={errorId}>
          <Alert>{error}</Alert>
        </div>
      )}
      <SubmitButton busy={busy} busyText={text.verifying}>
        {text.verify}
      </SubmitButton>
      {children}
    </form>
  );
}
