import { z } from 'zod';
import { NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN, PRESENTED_PASSWORD_MAX, publicUserSchema } from './auth';
import { MEDIA_URL_PATTERN } from './catalogue';
import { idSchema } from './envelope';
import { bdPhoneSchema } from './phone';
import { EMAIL_MAX, line, text } from './text';

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
/** Only defined fields are sent; a blank text counts as not sent. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === null ? undefined : blankToUndefined(v)), schema.optional());

const NAME_MESSAGE = `Name must be at least ${NAME_MIN} characters`;
const PASSWORDS_DIFFER = "Passwords don't match";

/** Profile update: every field optional, name trimmed; an empty address clears it. */
export const profileUpdateSchema = z.object({
  id: idSchema,
  name: optional(line(NAME_MESSAGE).trim().min(NAME_MIN, NAME_MESSAGE).max(NAME_MAX, 'Name is too long')),
  email: optional(text('Invalid email').trim().toLowerCase().max(EMAIL_MAX, 'Invalid email').pipe(z.email('Invalid email'))),
  phone: optional(bdPhoneSchema('Invalid phone number')),
  address: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    text('Invalid address').trim().max(500, 'Address is too long').nullable().optional(),
  ),
  profileImg: optional(text('Invalid profile image').max(200, 'Upload the profile image first').regex(MEDIA_URL_PATTERN, 'Upload the profile image first')),
  /** Push notifications about the account's orders on its subscribed devices. */
  orderNotifications: z.boolean('Order notifications must be on (true) or off (false)').optional(),
  /** An admin's or seller's alerts: new orders by email and push, and an admin's morning summary. */
  ownerAlerts: z.boolean('Order alerts must be on (true) or off (false)').optional(),
});
export type ProfileUpdateInput = z.output<typeof profileUpdateSchema>;

export const changePasswordSchema = z
  .object({
    id: idSchema,
    currentPassword: text('Current password is required').min(1, 'Current password is required').max(PRESENTED_PASSWORD_MAX, 'Current password is incorrect'),
    newPassword: text(`Password must be at least ${PASSWORD_MIN} characters`)
      .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    confirmPassword: text('Please confirm your password').min(1, 'Please confirm your password').max(PASSWORD_MAX, "Passwords don't match"),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** A new email's link, opened while signed in; a new phone number's code. */
export const confirmEmailSchema = z.object({ token: text('Invalid link').trim().min(1, 'Invalid link').max(200, 'Invalid link') });
export const confirmPhoneSchema = z.object({ code: text('Invalid OTP or session expired').regex(/^\d{4}$/, 'Invalid OTP or session expired') });

/** The multipart upload's text field. */
export const profileImageFieldsSchema = z.object({ id: idSchema });

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const PROFILE_IMAGE_FIELD = 'profileImage';

export const profileImageResultSchema = z.object({ profileImg: z.string(), user: publicUserSchema });
export type ProfileImageResult = z.infer<typeof profileImageResultSchema>;

/**
 * The profile as Settings shows it: the user, an email or phone change still waiting for its confirmation, and whether
 * the account's devices get push notifications about its orders, and whether an admin or seller gets order alerts.
 */
export const profileSchema = publicUserSchema.extend({
  pendingEmail: z.string().nullable(),
  pendingPhone: z.string().nullable(),
  orderNotifications: z.boolean(),
  ownerAlerts: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;
