import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  registerEmailSchema,
  registerPhoneSchema,
  type RegisterEmailInput,
  type RegisterInput,
  type RegisterPhoneInput,
} from '@contract/auth';
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

/** /register: by email (then a link to click) or by phone (then an SMS code), or with Google. */
export function RegisterPage() {
  return (
    <AuthCard>
      <h1 className={headingClass}>Create your account</h1>
      <p className={leadClass}>Sign up with your email or your mobile number.</p>
      <Tabs
        label="Sign up method"
        look="segmented"
        className="mt-5"
        panelClassName="mt-5"
        tabs={[
          { id: 'email', label: 'Signup with Email', panel: <RegisterEmailForm focusOnMount /> },
          { id: 'phone', label: 'Signup with Phone', panel: <RegisterPhoneForm /> },
        ]}
      />
      <GoogleSignIn text="signup_with" redirectTo="/" divider="above" />
      <p className="mt-6 text-center text-sm text-gray-700">
        Already have an account?{' '}
        <Link to="/login" className={textLink}>
          Sign in
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
        notify.success('Go to your email to verify your account');
        void navigate({ to: '/verify/pending', state: { email: result.email, registration: result.registration } });
      },
      onError: (error) => notify.error(errorMessage(error, 'Registration failed')),
    });
  return { submit, busy: registerAccount.isPending };
}

/** The new password, its confirmation and the submit button: the same on both tabs. */
function PasswordsAndSubmit({ busy, password, confirmPassword }: { busy: boolean; password: BoundField; confirmPassword: BoundField }) {
  return (
    <>
      <PasswordField label="Password" autoComplete="new-password" {...password} />
      <PasswordField label="Confirm Password" autoComplete="new-password" {...confirmPassword} />
      <SubmitButton busy={busy} busyText="Creating...">
        Create Account
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

  useEffect(() => {
    if (focusOnMount) setFocus('name');
  }, [focusOnMount, setFocus]);

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordsAndSubmit
        busy={busy}
        password={{ ...register('password'), error: errors.password?.message }}
        confirmPassword={{ ...register('confirmPassword'), error: errors.confirmPassword?.message }}
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

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="01XXXXXXXXX"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <PasswordsAndSubmit
        busy={busy}
        password={{ ...register('password'), error: errors.password?.message }}
        confirmPassword={{ ...register('confirmPassword'), error: errors.confirmPassword?.message }}
      />
    </form>
  );
}
