import { z } from 'zod';

/** Numbers and lengths fixed by the specification (accounts section 9). */
export const PASSWORD_MIN = 6;
export const NAME_MIN = 3;
export const OTP_LENGTH = 4;
export const BD_PHONE_PATTERN = /^01[3-9]\d{8}$/;

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
export type SessionData = { user: PublicUser; accessToken: string };

/** A missing field gets the same message as a wrong one (zod's default would be 'Invalid input: expected string…'). */
const NAME_MESSAGE = 'Name must be at least 3 characters';
const PASSWORD_MESSAGE = 'Password must be at least 6 characters';
const IDENTIFIER_MESSAGE = 'Email or phone is required';
const PASSWORDS_DIFFER = "Passwords don't match";
const RESET_EXPIRED_MESSAGE = 'Reset session expired. Please request a new OTP.';

const nameField = z.string(NAME_MESSAGE).trim().min(NAME_MIN, NAME_MESSAGE);
const passwordField = z.string(PASSWORD_MESSAGE).min(PASSWORD_MIN, PASSWORD_MESSAGE);
const emailField = z.string('Invalid email').trim().toLowerCase().pipe(z.email('Invalid email'));
const phoneField = z.string('Invalid phone number').trim().regex(BD_PHONE_PATTERN, 'Invalid phone number');
const identifierField = z.string(IDENTIFIER_MESSAGE).trim().min(1, IDENTIFIER_MESSAGE);

export const loginSchema = z.object({
  identifier: identifierField,
  password: z.string('Password is required').min(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerEmailSchema = z
  .object({
    method: z.literal('email'),
    name: nameField,
    email: emailField,
    password: passwordField,
    confirmPassword: z.string(PASSWORDS_DIFFER),
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
    confirmPassword: z.string(PASSWORDS_DIFFER),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });

export const registerSchema = z.discriminatedUnion('method', [registerEmailSchema, registerPhoneSchema]);
export type RegisterInput = z.infer<typeof registerSchema>;
export type RegisterEmailInput = z.infer<typeof registerEmailSchema>;
export type RegisterPhoneInput = z.infer<typeof registerPhoneSchema>;

/** What registration answers: where the proof was sent; for a phone, the token that goes back with the code. */
export type RegisterResult = { method: 'email'; email: string } | { method: 'phone'; phone: string; registration: string };

const SIGNUP_PASSWORD_MESSAGE = 'Enter the password you chose when signing up';

/** Email verification: the link's token and the password chosen with that registration. */
export const verifyAccountSchema = z.object({
  token: z.string('Verification token is required').trim().min(1, 'Verification token is required'),
  password: z.string(SIGNUP_PASSWORD_MESSAGE).min(1, SIGNUP_PASSWORD_MESSAGE),
});

const OTP_MESSAGE = 'Invalid OTP or session expired';
const otpCodeField = z.string(OTP_MESSAGE).regex(/^\d{4}$/, OTP_MESSAGE);

/** Phone registration: the 4-digit code sent by SMS, with the token the registration answered. */
export const verifyRegisterOtpSchema = z.object({
  phone: z.string(OTP_MESSAGE).trim().min(1, OTP_MESSAGE),
  code: otpCodeField,
  registration: z.string(OTP_MESSAGE).min(1, OTP_MESSAGE),
});

export const forgotPasswordSchema = z.object({ identifier: identifierField });
/** What forgot-password answers, account or not: the token that goes back with the code. */
export type ForgotPasswordResult = { resetRequest: string };

/** Password reset: the code sent to the identifier, with its request's token; the answer carries a one-time reset token. */
export const verifyResetOtpSchema = z.object({
  identifier: z.string(OTP_MESSAGE).trim().min(1, OTP_MESSAGE),
  code: otpCodeField,
  resetRequest: z.string(OTP_MESSAGE).min(1, OTP_MESSAGE),
});
export type ResetOtpResult = { resetToken: string };

export const resetPasswordFormSchema = z
  .object({
    password: passwordField,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export const resetPasswordSchema = z.object({
  identifier: identifierField,
  resetToken: z.string(RESET_EXPIRED_MESSAGE).min(1, RESET_EXPIRED_MESSAGE),
  password: passwordField,
});

const NO_GOOGLE_CREDENTIAL = 'No credential received from Google';
export const googleLoginSchema = z.object({ authCode: z.string(NO_GOOGLE_CREDENTIAL).min(1, NO_GOOGLE_CREDENTIAL) });

/** Admin user management. */
export const userSearchQuerySchema = z.object({
  searchTerm: z.string().trim().max(100).optional(),
  role: roleSchema.optional(),
});
export const changeRoleSchema = z.object({
  userId: z.string('User id is required').trim().min(1, 'User id is required'),
  role: roleSchema,
});

/** Public configuration the browser needs at run time. */
export type PublicConfig = { googleClientId: string | null };
