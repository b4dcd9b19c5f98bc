import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { registerEmailSchema, registerPhoneSchema, type RegisterEmailInput, type RegisterInput, type RegisterPhoneInput } from '@contract/auth';
import { Tabs } from '@/components/tabs';
import { TextField } from '@/components/text-field';
import { notify } from '@/lib/notify';
import { useRegisterAccount } from '../api';
import { SubmitButton } from '../components/feedback';
import { PasswordField } from '../components/fields';
import { GoogleSignIn } from '../components/google-sign-in';
import { AuthCard } from '../components/layout';
import { headingClass, leadClass, textLink } from '../components/styles';
import { errorMessage } from '../lib/errors';
import { useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';
import { useValidationMessage } from '@/i18n/validation';
import { textsNow } from '@/i18n/messages';

/** /register: by email (then a link to click) or by phone (then an SMS code), or with Google. */
export function RegisterPage() {
  const text = useMessages(authText);
  return (
    <AuthCard title={text.pageTitleRegister}>
      <h1 className={headingClass}>{text.createTitle}</h1>
      <p className={leadClass}>{text.registerLead}</p>
      <Tabs
        label={text.signUpMethod}
        look="segmented"
        className="mt-5"
        panelClassName="mt-5"
        tabs={[
          { id: 'email', label: text.withEmail, panel: <RegisterEmailForm focusOnMount /> },
          { id: 'phone', label: text.withPhone, panel: <RegisterPhoneForm /> },
        ]}
      />
      <GoogleSignIn text="signup_with" redirectTo="/" divider="above" />
      <p className="mt-6 text-center text-sm text-gray-700">
        {text.haveAccount}{' '}
        <Link to="/login" className={textLink}>
          {text.signIn}
        </Link>
      </p>
    </AuthCard>
  );
}

function useRegisterSubmit() {
  const navigate = useNavigate();
  const registerAccount = useRegisterAccount();
  const submit = (values: RegisterInput) =>
    registerAccount.mutate(values, {
      onSuccess: (result) => {
        if (result.method === 'phone') {
          void navigate({ to: '/otp-verification-register', state: { phone: result.phone, registration: result.registration } });
          return;
        }
        notify.success(textsNow(authText).checkEmail);
        void navigate({ to: '/verify/pending', state: { email: result.email, registration: result.registration } });
      },
      onError: (error) => notify.error(errorMessage(error, textsNow(authText).registrationFailed)),
    });
  return { submit, busy: registerAccount.isPending };
}

/** The new password, its confirmation and the submit button: the same on both tabs. */
function PasswordsAndSubmit({ busy, password, confirmPassword }: { busy: boolean; password: BoundField; confirmPassword: BoundField }) {
  const text = useMessages(authText);
  return (
    <>
      <PasswordField label={text.password} autoComplete="new-password" {...password} />
      <PasswordField label={text.confirmPassword} autoComplete="new-password" {...confirmPassword} />
      <SubmitButton busy={busy} busyText={text.creating}>
        {text.createAccount}
      </SubmitButton>
    </>
  );
}

type BoundField = UseFormRegisterReturn & { error: string | undefined };

function RegisterEmailForm({ focusOnMount }: { focusOnMount?: boolean }) {
  const { submit, busy } = useRegisterSubmit();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<z.input<typeof registerEmailSchema>, unknown, RegisterEmailInput>({
    resolver: zodResolver(registerEmailSchema),
    defaultValues: { method: 'email', name: '', email: '', password: '', confirmPassword: '' },
  });
  const text = useMessages(authText);
  const message = useValidationMessage();

  useEffect(() => {
    if (focusOnMount) setFocus('name');
  }, [focusOnMount, setFocus]);

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <TextField label={text.name} autoComplete="name" error={message(errors.name?.message)} {...register('name')} />
      <TextField label={text.email} type="email" inputMode="email" autoComplete="email" error={message(errors.email?.message)} {...register('email')} />
      <PasswordsAndSubmit
        busy={busy}
        password={{ ...register('password'), error: message(errors.password?.message) }}
        confirmPassword={{ ...register('confirmPassword'), error: message(errors.confirmPassword?.message) }}
      />
    </form>
  );
}

function RegisterPhoneForm() {
  const { submit, busy } = useRegisterSubmit();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof registerPhoneSchema>, unknown, RegisterPhoneInput>({
    resolver: zodResolver(registerPhoneSchema),
    defaultValues: { method: 'phone', name: '', phone: '', password: '', confirmPassword: '' },
  });
  const text = useMessages(authText);
  const message = useValidationMessage();

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <TextField label={text.name} autoComplete="name" error={message(errors.name?.message)} {...register('name')} />
      <TextField
        label={text.phone}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="01XXXXXXXXX"
        error={message(errors.phone?.message)}
        {...register('phone')}
      />
      <PasswordsAndSubmit
        busy={busy}
        password={{ ...register('password'), error: message(errors.password?.message) }}
        confirmPassword={{ ...register('confirmPassword'), error: message(errors.confirmPassword?.message) }}
      />
    </form>
  );
}
