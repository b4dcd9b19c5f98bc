import { UserRound } from 'lucide-react';
import { OTP_LENGTH } from '@contract/auth';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { OfflineNotice } from '@/components/offline-notice';
import { Page } from '@/components/page';
import { Tabs } from '@/components/tabs';
import { TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api';
import { imageSrcSet, imageUrl } from '@/lib/image-url';
import { notify } from '@/lib/notify';
import { useOnline } from '@/lib/online';
import { useSession } from '@/lib/session';
import { OrderNotificationsSetting } from '../components/order-notifications-setting';
import { useChangePassword, useConfirmPhone, useProfile, useUpdateProfile, useUploadProfileImage } from '../api';
import { passwordFormSchema, profileChanges, profileFormValues, type PasswordFormValues, type ProfileFields } from '../lib/forms';

export function SettingsPage() {
  const online = useOnline();
  return (
    <Page title="Settings">
      {!online && <OfflineNotice compact detail="Changes cannot be saved until you are back online." className="mt-4 max-w-xl" />}
      <Tabs
        label="Settings"
        className="mt-4 max-w-xl"
        panelClassName="py-4"
        tabs={[
          {
            id: 'profile',
            label: 'Profile',
            panel: (
              <div className="flex flex-col gap-6">
                <ProfileForm />
                <PendingContactChanges />
                <OrderNotificationsSetting />
              </div>
            ),
          },
          { id: 'security', label: 'Security', panel: <PasswordForm /> },
          { id: 'image', label: 'Profile Image', panel: <ProfileImageForm /> },
        ]}
      />
    </Page>
  );
}

function ProfileForm() {
  const { user } = useSession();
  const profile = useProfile();
  const update = useUpdateProfile();
  // The server's copy when it has answered, the session's until then.
  const initial = profileFormValues(profile.data ?? user);
  const [edits, setEdits] = useState<Partial<ProfileFields>>({});
  const values: ProfileFields = { ...initial, ...edits };

  const field = (name: keyof ProfileFields) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setEdits((prev) => ({ ...prev, [name]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user?._id) {
      notify.error('User ID not found');
      return;
    }
    update.mutate(
      { id: user._id, ...profileChanges(initial, values) },
      {
        onSuccess: () => {
          notify.success('Profile updated successfully');
          setEdits({});
        },
        onError: () => notify.error('Failed to update profile'),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <TextField label="Name" autoComplete="name" {...field('name')} />
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Phone" type="tel" autoComplete="tel" placeholder="01XXXXXXXXX" {...field('phone')} />
      <TextField label="Address" autoComplete="street-address" {...field('address')} />
      <Button type="submit" className="self-start" disabled={update.isPending}>
        {update.isPending ? 'Updating...' : 'Update Profile'}
      </Button>
    </form>
  );
}

/**
 * A new email or phone number is not the account's until its owner confirms it: the server sends a link or a code and
 * the profile shows the change as pending until it comes back. Resending asks again (the same limits apply).
 */
function PendingContactChanges() {
  const { user } = useSession();
  const profile = useProfile();
  const update = useUpdateProfile();
  const pendingEmail = profile.data?.pendingEmail;
  const pendingPhone = profile.data?.pendingPhone;
  if (!user || (!pendingEmail && !pendingPhone)) return null;

  const resend = (change: { email: string } | { phone: string }, sent: string) =>
    update.mutate({ id: user._id, ...change }, { onSuccess: () => notify.success(sent), onError: (error) => notify.error(errorText(error, 'Failed to update profile')) });

  return (
    <section aria-label="Changes waiting for confirmation" className="flex flex-col gap-4">
      {pendingEmail && (
        <div className="flex flex-col items-start gap-3 rounded-md border border-gray-300 bg-gray-50 p-4">
          <p className="text-sm text-gray-800">
            We sent a link to <strong className="break-all">{pendingEmail}</strong>. Open it while signed in to make it your email.
          </p>
          <Button variant="secondary" busy={update.isPending} onClick={() => resend({ email: pendingEmail }, 'We sent a new link')}>
            Resend link
          </Button>
        </div>
      )}
      {pendingPhone && (
        <PhoneCodeForm phone={pendingPhone} resending={update.isPending} onResend={() => resend({ phone: pendingPhone }, 'We sent a new code')} />
      )}
    </section>
  );
}

const CODE_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

function PhoneCodeForm({ phone, resending, onResend }: { phone: string; resending: boolean; onResend: () => void }) {
  const confirm = useConfirmPhone();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!CODE_PATTERN.test(code)) {
      setError('Invalid OTP or session expired');
      return;
    }
    setError(undefined);
    // Not mutate's callbacks: the confirmed change removes this form before they would run.
    confirm.mutateAsync(code).then(
      () => notify.success('Phone number changed successfully'),
      (failure: unknown) => setError(errorText(failure, 'Invalid OTP or session expired')),
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col items-start gap-3 rounded-md border border-gray-300 bg-gray-50 p-4">
      <p className="text-sm text-gray-800">
        We sent a code to <strong>{phone}</strong>. Enter it to make it your phone number.
      </p>
      <TextField
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        value={code}
        error={error}
        onChange={(event) => setCode(event.target.value.trim())}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Verifying...' : 'Confirm phone'}
        </Button>
        <Button variant="secondary" busy={resending} onClick={onResend}>
          Resend code
        </Button>
      </div>
    </form>
  );
}

const EMPTY_PASSWORDS: PasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

function PasswordForm() {
  const { user } = useSession();
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<Partial<Record<keyof PasswordFormValues, string>>>({});

  const field = (name: keyof PasswordFormValues) => ({
    type: 'password',
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((prev) => ({ ...prev, [name]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = passwordFormSchema.safeParse(values);
    if (!result.success) {
      const next: typeof errors = {};
      for (const issue of result.error.issues) next[issue.path[0] as keyof PasswordFormValues] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    if (!user?._id) {
      notify.error('User ID not found');
      return;
    }
    change.mutate(
      { id: user._id, ...result.data },
      {
        onSuccess: () => {
          notify.success('Password changed successfully');
          setValues(EMPTY_PASSWORDS);
        },
        // The server's reason ('Current password is incorrect') tells the shopper what to fix; the generic text does not.
        onError: (error) => notify.error(errorText(error, 'Failed to change password')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <TextField label="Current Password" autoComplete="current-password" {...field('currentPassword')} />
      <TextField label="New Password" autoComplete="new-password" {...field('newPassword')} />
      <TextField label="Confirm Password" autoComplete="new-password" {...field('confirmPassword')} />
      <Button type="submit" className="self-start" disabled={change.isPending}>
        {change.isPending ? 'Changing...' : 'Change Password'}
      </Button>
    </form>
  );
}

const AVATAR = 128;

function ProfileImageForm() {
  const { user } = useSession();
  const upload = useUploadProfileImage();
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const previewRef = useRef<string | null>(null);
  const hintId = useId();
  const inputId = useId();
  const file = chosen?.file ?? null;
  const preview = chosen?.preview ?? null;

  // A preview URL holds its file in memory until revoked: let go of the old one on every change and on leaving.
  const show = (next: { file: File; preview: string } | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = next?.preview ?? null;
    setChosen(next);
  };
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  const reset = () => {
    show(null);
    setError(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    if (picked && !picked.type.startsWith('image/')) {
      reset();
      setError('Choose an image file');
      return;
    }
    setError(null);
    show(picked ? { file: picked, preview: URL.createObjectURL(picked) } : null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (!user?._id) {
      notify.error('User ID not found');
      return;
    }
    upload.mutate(
      { id: user._id, file },
      {
        onSuccess: () => {
          notify.success('Profile image updated successfully');
          reset();
        },
        onError: () => notify.error('Failed to upload image'),
      },
    );
  };

  const shown = preview ?? (user?.profileImg ? imageUrl(user.profileImg, AVATAR) : null);

  return (
    <form onSubmit={submit} className="flex flex-col items-start gap-3">
      {shown ? (
        <img src={shown} srcSet={preview ? undefined : imageSrcSet(user?.profileImg, AVATAR)} alt={preview ? 'Preview of the new profile image' : 'Your profile image'} width={AVATAR} height={AVATAR} className="size-32 rounded-full border border-gray-200 object-cover" />
      ) : (
        <span role="img" aria-label="No profile image" className="flex size-32 items-center justify-center rounded-full bg-gray-100 text-gray-500">
          <UserRound aria-hidden="true" className="size-16" />
        </span>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-gray-800">
          Choose an image
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          onChange={choose}
          aria-describedby={hintId}
          aria-invalid={error ? true : undefined}
          className="min-h-11 text-base text-gray-900 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-brand-700 file:bg-white file:px-4 file:font-semibold file:text-brand-700"
        />
        <p id={hintId} className="text-sm text-gray-600">
          JPG, PNG or GIF (max 5MB)
        </p>
        {error && <p className="text-sm text-red-700">{error}</p>}
      </div>
      {file && (
        <div className="flex gap-2">
          <Button type="submit" disabled={upload.isPending}>
            {upload.isPending ? 'Uploading...' : 'Upload'}
          </Button>
          <Button variant="secondary" onClick={reset} disabled={upload.isPending}>
            Cancel
          </Button>
        </div>
      )}
    </form>
  );
}

/** The server's message for a refusal, else the screen's own text. */
function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.hasServerMessage ? error.message : fallback;
}
