import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  registerEmailSchema,
  registerPhoneSchema,
  type RegisterEmailInput,
  type RegisterInput,
  type RegisterPhoneInput,
} from '@contract/auth';
import { TextField } from '@/components/text-field';
import { notify } from '@/lib/notify';
import { useRegisterAccount } from '../api';
import { SubmitButton } from '../components/feedback';
import { PasswordField } from '../components/fields';
import { GoogleSignIn } from '../components/GoogleSignIn';
import { AuthCard } from '../components/layout';
import { headingClass, leadClass, textLink } from '../components/styles';
import { errorMessage } from '../lib/errors';

type Method = RegisterInput['method'];
const TABS: { method: Method; label: string }[] = [
  { method: 'email', label: 'Signup with Email' },
  { method: 'phone', label: 'Signup with Phone' },
];

/** /register: by email (then a link to click) or by phone (then an SMS code), or with Google. */
export function RegisterPage() {
  const [method, setMethod] = useState<Method>('email');
  const baseId = useId();
  const tabs = useRef<Partial<Record<Method, HTMLButtonElement | null>>>({});

  // The tabs pattern: arrows, Home and End move between tabs and select them; Tab leaves for the panel.
  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = TABS.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = TABS[next]!;
    setMethod(tab.method);
    tabs.current[tab.method]?.focus();
  }

  return (
    <AuthCard>
      <h1 className={headingClass}>Create your account</h1>
      <p className={leadClass}>Sign up with your email or your mobile number.</p>
      <div role="tablist" aria-label="Sign up method" className="mt-5 grid grid-cols-2 gap-1 rounded-lg bg-gray-100 p-1">
        {TABS.map((tab, index) => {
          const selected = tab.method === method;
          return (
            <button
              key={tab.method}
              ref={(el) => {
                tabs.current[tab.method] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.method}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.method}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setMethod(tab.method)}
              onKeyDown={(event) => onTabKeyDown(event, index)}
              className={`min-h-11 rounded-md px-2 text-sm font-semibold ${
                selected ? 'bg-white text-brand-700 shadow-sm' : 'text-gray-700 hover:text-gray-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {/* Both forms stay mounted, so switching tabs keeps what was typed. */}
      {TABS.map((tab) => (
        <div
          key={tab.method}
          role="tabpanel"
          id={`${baseId}-panel-${tab.method}`}
          aria-labelledby={`${baseId}-tab-${tab.method}`}
          hidden={tab.method !== method}
          className="mt-5"
        >
          {tab.method === 'email' ? <RegisterEmailForm focusOnMount /> : <RegisterPhoneForm />}
        </div>
      ))}
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
        void navigate({ to: '/verify/pending' });
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
