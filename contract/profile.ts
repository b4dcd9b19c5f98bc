import { z } from 'zod';
import { BD_PHONE_PATTERN, NAME_MIN, PASSWORD_MIN, type PublicUser } from './auth';
import { MEDIA_URL_PATTERN } from './catalogue';
import { idSchema } from './envelope';

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
/** Only defined fields are sent; a blank text counts as not sent. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === null ? undefined : blankToUndefined(v)), schema.optional());

const NAME_MESSAGE = `Name must be at least ${NAME_MIN} characters`;
const PASSWORDS_DIFFER = "Passwords don't match";

/** Profile update (section 3): every field optional, name trimmed; an empty address clears it. */
export const profileUpdateSchema = z.object({
  id: idSchema,
  name: optional(z.string(NAME_MESSAGE).trim().min(NAME_MIN, NAME_MESSAGE).max(100, 'Name is too long')),
  email: optional(z.string('Invalid email').trim().toLowerCase().pipe(z.email('Invalid email'))),
  phone: optional(z.string('Invalid phone number').trim().regex(BD_PHONE_PATTERN, 'Invalid phone number')),
  address: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string('Invalid address').trim().max(500, 'Address is too long').nullable().optional()),
  profileImg: optional(z.string('Invalid profile image').regex(MEDIA_URL_PATTERN, 'Upload the profile image first')),
});
export type ProfileUpdateInput = z.output<typeof profileUpdateSchema>;

export const changePasswordSchema = z
  .object({
    id: idSchema,
    currentPassword: z.string('Current password is required').min(1, 'Current password is required'),
    newPassword: z.string(`Password must be at least ${PASSWORD_MIN} characters`).min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
    confirmPassword: z.string('Please confirm your password').min(1, 'Please confirm your password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** A new email's link, opened while signed in; a new phone number's code. */
export const confirmEmailSchema = z.object({ token: z.string('Invalid link').trim().min(1, 'Invalid link') });
export const confirmPhoneSchema = z.object({ code: z.string('Invalid OTP or session expired').regex(/^\d{4}$/, 'Invalid OTP or session expired') });

/** The multipart upload's text field. */
export const profileImageFieldsSchema = z.object({ id: idSchema });

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const PROFILE_IMAGE_FIELD = 'profileImage';

export type ProfileImageResult = { profileImg: string; user: PublicUser };

/** The profile as Settings shows it: the user, and an email or phone change still waiting for its confirmation. */
export type Profile = PublicUser & { pendingEmail: string | null; pendingPhone: string | null };
