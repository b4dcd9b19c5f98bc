import { UserRound } from 'lucide-react';
import { OTP_LENGTH } from '@contract/auth';
import { toAsciiDigits, toLocaleDigits } from '@contract/locale';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { OfflineNotice } from '@/components/offline-notice';
import { Page } from '@/components/page';
import { Tabs } from '@/components/tabs';
import { TextField } from '@/components/text-field';
import { useLocale, useMessages } from '@/i18n/react';
import { useValidationMessage } from '@/i18n/validation';
import { useApiMessage } from '@/lib/api-message';
import { imageSrcSet, imageUrl } from '@/lib/image-url';
import { notify } from '@/lib/notify';
import { useOnline } from '@/lib/online';
import { useSession } from '@/lib/session';
import { accountText } from '@/messages/account';
import { OrderNotificationsSetting } from '../components/order-notifications-setting';
import { useChangePassword, useConfirmPhone, useProfile, useUpdateProfile, useUploadProfileImage } from '../api';
import { passwordFormSchema, profileChanges, profileFormValues, type PasswordFormValues, type ProfileFields } from '../lib/forms';

export function SettingsPage() {
  const online = useOnline();
  const text = useMessages(accountText);
  return (
    <Page title={text.settings}>
      {!online && <OfflineNotice compact detail={text.cannotSaveOffline} className="mt-4 max-w-xl" />}
      <Tabs
        label={text.settings}
        className="mt-4 max-w-xl"
        panelClassName="py-4"
        tabs={[
          {
            id: 'profile',
            label: text.profile,
            panel: (
              <div className="flex flex-col gap-6">
                <ProfileForm />
                <PendingContactChanges />
                <OrderNotificationsSetting />
              </div>
            ),
          },
          { id: 'security', label: text.security, panel: <PasswordForm /> },
          { id: 'image', label: text.profileImage, panel: <ProfileImageForm /> },
        ]}
      />
    </Page>
  );
}

function ProfileForm() {
  const { user } = useSession();
  const profile = useProfile();
  const update = useUpdateProfile();
  const text = useMessages(accountText);
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
      notify.error(text.userIdMissing);
      return;
    }
    update.mutate(
      { id: user._id, ...profileChanges(initial, values) },
      {
        onSuccess: () => {
          notify.success(text.profileUpdated);
          setEdits({});
        },
        onError: () => notify.error(text.profileUpdateFailed),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <TextField label={text.name} autoComplete="name" {...field('name')} />
      <TextField label={text.email} type="email" autoComplete="email" {...field('email')} />
      <TextField label={text.phone} type="tel" autoComplete="tel" placeholder="01XXXXXXXXX" {...field('phone')} />
      <TextField label={text.address} autoComplete="street-address" {...field('address')} />
      <Button type="submit" className="self-start" disabled={update.isPending}>
        {update.isPending ? text.updating : text.updateProfile}
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
  const text = useMessages(accountText);
  const apiMessage = useApiMessage();
  const pendingEmail = profile.data?.pendingEmail;
  const pendingPhone = profile.data?.pendingPhone;
  if (!user || (!pendingEmail && !pendingPhone)) return null;

  const resend = (change: { email: string } | { phone: string }, sent: string) =>
    update.mutate(
      { id: user._id, ...change },
      { onSuccess: () => notify.success(sent), onError: (error) => notify.error(apiMessage(error, text.profileUpdateFailed)) },
    );

  return (
    <section aria-label={text.waitingChanges} className="flex flex-col gap-4">
      {pendingEmail && (
        <div className="flex flex-col items-start gap-3 rounded-md border border-gray-300 bg-gray-50 p-4">
          <p className="text-sm text-gray-800">
            {text.linkSentBefore} <strong className="break-all">{pendingEmail}</strong>
            {text.linkSentAfter}
          </p>
          <Button variant="secondary" busy={update.isPending} onClick={() => resend({ email: pendingEmail }, text.newLinkSent)}>
            {text.resendLink}
          </Button>
        </div>
      )}
      {pendingPhone && <PhoneCodeForm phone={pendingPhone} resending={update.isPending} onResend={() => resend({ phone: pendingPhone }, text.newCodeSent)} />}
    </section>
  );
}

const CODE_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

function PhoneCodeForm({ phone, resending, onResend }: { phone: string; resending: boolean; onResend: () => void }) {
  const confirm = useConfirmPhone();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const text = useMessages(accountText);
  const locale = useLocale();
  const apiMessage = useApiMessage();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The code as texted, typed in either digit set.
    const typed = toAsciiDigits(code);
    if (!CODE_PATTERN.test(typed)) {
      setError(text.codeInvalid);
      return;
    }
    setError(undefined);
    // Not mutate's callbacks: the confirmed change removes this form before they would run.
    confirm.mutateAsync(typed).then(
      () => notify.success(text.phoneChanged),
      (failure: unknown) => setError(apiMessage(failure, text.codeInvalid)),
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col items-start gap-3 rounded-md border border-gray-300 bg-gray-50 p-4">
      <p className="text-sm text-gray-800">
        {text.codeSentBefore} <strong>{toLocaleDigits(phone, locale)}</strong>
        {text.codeSentAfter}
      </p>
      <TextField
        label={text.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        value={code}
        error={error}
        onChange={(event) => setCode(event.target.value.trim())}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? text.verifying : text.confirmPhone}
        </Button>
        <Button variant="secondary" busy={resending} onClick={onResend}>
          {text.resendCode}
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
  const text = useMessages(accountText);
  const message = useValidationMessage();
  const apiMessage = useApiMessage();

  const field = (name: keyof PasswordFormValues) => ({
    type: 'password',
    value: values[name],
    error: message(errors[name]),
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
      notify.error(text.userIdMissing);
      return;
    }
    change.mutate(
      { id: user._id, ...result.data },
      {
        onSuccess: () => {
          notify.success(text.passwordChanged);
          setValues(EMPTY_PASSWORDS);
        },
        // The server's reason ('Current password is incorrect') tells the shopper what to fix; the generic text does not.
        onError: (error) => notify.error(apiMessage(error, text.passwordChangeFailed)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <TextField label={text.currentPassword} autoComplete="current-password" {...field('currentPassword')} />
      <TextField label={text.newPassword} autoComplete="new-password" {...field('newPassword')} />
      <TextField label={text.confirmPassword} autoComplete="new-password" {...field('confirmPassword')} />
      <Button type="submit" className="self-start" disabled={change.isPending}>
        {change.isPending ? text.changing : text.changePassword}
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
  const text = useMessages(accountText);
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
      setError(text.chooseImageFile);
      return;
    }
    setError(null);
    show(picked ? { file: picked, preview: URL.createObjectURL(picked) } : null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (!user?._id) {
      notify.error(text.userIdMissing);
      return;
    }
    upload.mutate(
      { id: user._id, file },
      {
        onSuccess: () => {
          notify.success(text.imageUpdated);
          reset();
        },
        onError: () => notify.error(text.imageUploadFailed),
      },
    );
  };

  const shown = preview ?? (user?.profileImg ? imageUrl(user.profileImg, AVATAR) : null);

  return (
    <form onSubmit={submit} className="flex flex-col items-start gap-3">
      {shown ? (
        <img
          src={shown}
          srcSet={preview ? undefined : imageSrcSet(user?.profileImg, AVATAR)}
          alt={preview ? text.newImagePreview : text.yourImage}
          width={AVATAR}
          height={AVATAR}
          className="size-32 rounded-full border border-gray-200 object-cover"
        />
      ) : (
        <span role="img" aria-label={text.noImageYet} className="flex size-32 items-center justify-center rounded-full bg-gray-100 text-gray-500">
          <UserRound aria-hidden="true" className="size-16" />
        </span>
      )}
      <div className="flex w-full flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-gray-800">
          {text.chooseAnImage}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          onChange={choose}
          aria-describedby={hintId}
          aria-invalid={error ? true : undefined}
          className="min-h-11 w-full text-base text-gray-900 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-brand-700 file:bg-white file:px-4 file:font-semibold file:text-brand-700"
        />
        <p id={hintId} className="text-sm text-gray-600">
          {text.imageHint}
        </p>
        {error && <p className="text-sm text-red-700">{error}</p>}
      </div>
      {file && (
        <div className="flex gap-2">
          <Button type="submit" disabled={upload.isPending}>
            {upload.isPending ? text.uploading : text.upload}
          </Button>
          <Button variant="secondary" onClick={reset} disabled={upload.isPending}>
            {text.cancel}
          </Button>
        </div>
      )}
    </form>
  );
}
