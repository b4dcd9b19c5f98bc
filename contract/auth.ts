import { z } from 'zod';
import { toAsciiDigits } from './locale';
import { pageOf, pageQueryFields } from './pages';
import { bdPhoneSchema } from './phone';
import { pushEndpointField } from './push';
import { EMAIL_MAX, line, text } from './text';

/** The account rules the forms and the server share: password and name lengths, the OTP's digits, a Bangladeshi mobile number. */
export const PASSWORD_MIN = 6;
export const NAME_MIN = 3;
export const NAME_MAX = 100;
export const PASSWORD_MAX = 128;
/** Bounds a password presented at sign-in, kept loose so no account made before the maximum is locked out. */
export const PRESENTED_PASSWORD_MAX = 1024;
/** Opaque tokens and codes the server issued (verification and reset tokens); a Google ID token is longer. */
const TOKEN_MAX = 200;
const GOOGLE_TOKEN_MAX = 8192;
export const OTP_LENGTH = 4;

export const roles = ['user', 'seller', 'admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** The user as the session and the API show it. */
export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: roleSchema,
  isEmailVerified: z.boolean(),
  profileImg: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  googleId: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Answer of sign-in and Google sign-in: the user and a short-lived access token. */
export const sessionDataSchema = z.object({ user: publicUserSchema, accessToken: z.string() });
export type SessionData = z.infer<typeof sessionDataSchema>;

/** Answer of account verification: the verified user (no session; the user signs in next). */
export const verifiedUserSchema = z.object({ user: publicUserSchema });

/** A missing field gets the same message as a wrong one (zod's default would be 'Invalid input: expected string…'). */
const NAME_MESSAGE = 'Name must be at least 3 characters';
const PASSWORD_MESSAGE = 'Password must be at least 6 characters';
const IDENTIFIER_MESSAGE = 'Email or phone is required';
const PASSWORDS_DIFFER = "Passwords don't match";
const RESET_EXPIRED_MESSAGE = 'Reset session expired. Please request a new OTP.';

const nameField = line(NAME_MESSAGE).trim().min(NAME_MIN, NAME_MESSAGE).max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`);
const passwordField = text(PASSWORD_MESSAGE).min(PASSWORD_MIN, PASSWORD_MESSAGE).max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);
const emailField = text('Invalid email').trim().toLowerCase().max(EMAIL_MAX, 'Invalid email').pipe(z.email('Invalid email'));
const phoneField = bdPhoneSchema('Invalid phone number');
const identifierField = text(IDENTIFIER_MESSAGE).trim().min(1, IDENTIFIER_MESSAGE).max(EMAIL_MAX, 'Email or phone is too long');

export const loginSchema = z.object({
  identifier: identifierField,
  password: text('Password is required').min(1, 'Password is required').max(PRESENTED_PASSWORD_MAX, 'Password is too long'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerEmailSchema = z
  .object({
    method: z.literal('email'),
    name: nameField,
    email: emailField,
    password: passwordField,
    confirmPassword: text(PASSWORDS_DIFFER).max(PASSWORD_MAX, PASSWORDS_DIFFER),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });

export const registerPhoneSchema = z
  .object({
    method: z.literal('phone'),
    name: nameField,
    phone: phoneField,
    password: passwordField,
    confirmPassword: text(PASSWORDS_DIFFER).max(PASSWORD_MAX, PASSWORDS_DIFFER),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });

export const registerSchema = z.discriminatedUnion('method', [registerEmailSchema, registerPhoneSchema]);
export type RegisterInput = z.infer<typeof registerSchema>;
export type RegisterEmailInput = z.infer<typeof registerEmailSchema>;
export type RegisterPhoneInput = z.infer<typeof registerPhoneSchema>;

/**
 * What registration answers: where the proof of ownership was sent, and the registration's token, which asks for the
 * link or code again and, for a phone, goes back with the code.
 */
export const registerResultSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('email'), email: z.string(), registration: z.string() }),
  z.object({ method: z.literal('phone'), phone: z.string(), registration: z.string() }),
]);
export type RegisterResult = z.infer<typeof registerResultSchema>;

/** A resend for a registration that was used, is a day old, or never was. */
export const REGISTRATION_EXPIRED = 'Your sign-up has expired. Please register again.';
const registrationField = text(REGISTRATION_EXPIRED).min(1, REGISTRATION_EXPIRED).max(TOKEN_MAX, REGISTRATION_EXPIRED);

/** Asking again for a registration's link or code: where it went and the registration's token. Answers a new registration token. */
export const resendRegistrationSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('email'), email: emailField, registration: registrationField }),
  z.object({ method: z.literal('phone'), phone: phoneField, registration: registrationField }),
]);
export type ResendRegistrationInput = z.infer<typeof resendRegistrationSchema>;

const SIGNUP_PASSWORD_MESSAGE = 'Enter the password you chose when signing up';

/** Email verification: the link's token and the password chosen with that registration. */
export const verifyAccountSchema = z.object({
  token: text('Verification token is required').trim().min(1, 'Verification token is required').max(TOKEN_MAX, 'Verification token is too long'),
  password: text(SIGNUP_PASSWORD_MESSAGE).min(1, SIGNUP_PASSWORD_MESSAGE).max(PRESENTED_PASSWORD_MAX, SIGNUP_PASSWORD_MESSAGE),
});

const OTP_MESSAGE = 'Invalid OTP or session expired';
/** The code as typed on either keyboard: ১২৩৪ is 1234. */
const otpCodeField = z.preprocess((value) => (typeof value === 'string' ? toAsciiDigits(value) : value), text(OTP_MESSAGE).regex(/^\d{4}$/, OTP_MESSAGE));

/** Phone registration: the 4-digit code sent by SMS, with the token the registration answered. */
export const verifyRegisterOtpSchema = z.object({
  phone: text(OTP_MESSAGE).trim().min(1, OTP_MESSAGE).max(EMAIL_MAX, OTP_MESSAGE),
  code: otpCodeField,
  registration: text(OTP_MESSAGE).min(1, OTP_MESSAGE).max(TOKEN_MAX, OTP_MESSAGE),
});

/** Sign-out may name the device's push endpoint: that device stops getting the account's notifications. */
export const signOutSchema = z.object({ pushEndpoint: pushEndpointField.optional() }).optional();

export const forgotPasswordSchema = z.object({ identifier: identifierField });
/** What forgot-password answers, account or not: the token that goes back with the code. */
export const forgotPasswordResultSchema = z.object({ resetRequest: z.string() });
export type ForgotPasswordResult = z.infer<typeof forgotPasswordResultSchema>;

/** Password reset: the code sent to the identifier, with its request's token; the answer carries a one-time reset token. */
export const verifyResetOtpSchema = z.object({
  identifier: text(OTP_MESSAGE).trim().min(1, OTP_MESSAGE).max(EMAIL_MAX, OTP_MESSAGE),
  code: otpCodeField,
  resetRequest: text(OTP_MESSAGE).min(1, OTP_MESSAGE).max(TOKEN_MAX, OTP_MESSAGE),
});
export const resetOtpResultSchema = z.object({ resetToken: z.string() });
export type ResetOtpResult = z.infer<typeof resetOtpResultSchema>;

export const resetPasswordFormSchema = z
  .object({
    password: passwordField,
    confirmPassword: text().max(PASSWORD_MAX, 'Passwords do not match'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export const resetPasswordSchema = z.object({
  identifier: identifierField,
  resetToken: text(RESET_EXPIRED_MESSAGE).min(1, RESET_EXPIRED_MESSAGE).max(TOKEN_MAX, RESET_EXPIRED_MESSAGE),
  password: passwordField,
});

const NO_GOOGLE_CREDENTIAL = 'No credential received from Google';
export const googleLoginSchema = z.object({
  authCode: text(NO_GOOGLE_CREDENTIAL).min(1, NO_GOOGLE_CREDENTIAL).max(GOOGLE_TOKEN_MAX, 'Google credential is too long'),
});

/** Admin user management. */
export const userSearchQuerySchema = z.object({
  searchTerm: text().trim().max(100, 'searchTerm must be at most 100 characters').optional(),
  role: roleSchema.optional(),
});
export const USERS_PAGE_SIZE = 20;
export const USERS_PAGE_MAX = 100;
/** `GET /api/user/users`: newest first; `search` looks in the name, email and phone, in any case. */
export const userListQuerySchema = z.object({
  search: text().trim().max(100, 'search must be at most 100 characters').optional(),
  role: roleSchema.optional(),
  ...pageQueryFields(USERS_PAGE_SIZE, USERS_PAGE_MAX),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;
/** A user as the back office's list shows them: the public user and when they joined (ISO 8601). */
export const listedUserSchema = publicUserSchema.extend({ createdAt: z.string() });
export type ListedUser = z.infer<typeof listedUserSchema>;
export const userListSchema = pageOf(listedUserSchema);
export type UserList = z.infer<typeof userListSchema>;
export const LAST_ADMIN = 'The shop must keep at least one admin';
export const OWN_ROLE = 'You cannot change your own role';
export const OWN_ACCOUNT = 'You cannot delete your own account';
export const changeRoleSchema = z.object({
  userId: text('User id is required').trim().min(1, 'User id is required').max(64, 'Id is too long'),
  role: roleSchema,
});

/** Public configuration the browser needs at run time. */
export const publicConfigSchema = z.object({
  googleClientId: z.string().nullable(),
  /** Days after delivery within which an order may be returned (0: no returns). */
  returnWindowDays: z.number(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
