import { z } from 'zod';
import { PASSWORD_MIN, type PublicUser } from '@contract/auth';
import { INVALID_REFUND_NUMBER, refundMethods } from '@contract/orders';
import { bdPhoneSchema } from '@contract/phone';

/* ---------- refund request ---------- */

export const refundFormSchema = z.object({
  refundMethod: z.enum(refundMethods, 'Choose a refund method'),
  refundNumber: bdPhoneSchema(INVALID_REFUND_NUMBER),
});
export type RefundFormValues = z.infer<typeof refundFormSchema>;

/** Field errors of the refund form, or the values to send. */
export function validateRefund(input: {
  refundMethod: string;
  refundNumber: string;
}): { ok: true; values: RefundFormValues } | { ok: false; errors: Partial<Record<keyof RefundFormValues, string>> } {
  const result = refundFormSchema.safeParse(input);
  if (result.success) return { ok: true, values: result.data };
  const errors: Partial<Record<keyof RefundFormValues, string>> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof RefundFormValues;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/* ---------- review ---------- */

/** A review needs 1 to 5 stars and some text once trimmed. */
export function canSubmitReview(stars: number, text: string): boolean {
  return Number.isInteger(stars) && stars >= 1 && stars <= 5 && text.trim().length > 0;
}

/* ---------- profile ---------- */

export type ProfileFields = { name: string; email: string; phone: string; address: string };
export const PROFILE_FIELDS = ['name', 'email', 'phone', 'address'] as const;

/** The form's starting values from the profile (missing fields are empty). */
export function profileFormValues(user: Pick<PublicUser, 'name' | 'email' | 'phone' | 'address'> | null | undefined): ProfileFields {
  return { name: user?.name ?? '', email: user?.email ?? '', phone: user?.phone ?? '', address: user?.address ?? '' };
}

/**
 * Only the fields the shopper changed, trimmed (every field is optional, and only those given are sent). A cleared
 * address is sent empty (the server clears it); a cleared name, email or phone is left out, as the server would ignore it.
 */
export function profileChanges(initial: ProfileFields, values: ProfileFields): Partial<ProfileFields> {
  const changes: Partial<ProfileFields> = {};
  for (const field of PROFILE_FIELDS) {
    const next = values[field].trim();
    if (next === initial[field].trim()) continue;
    if (next === '' && field !== 'address') continue;
    changes[field] = next;
  }
  return changes;
}

/* ---------- password ---------- */

const PASSWORD_MESSAGE = `Password must be at least ${PASSWORD_MIN} characters`;

export const passwordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z.string().min(PASSWORD_MIN, PASSWORD_MESSAGE),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type PasswordFormValues = z.infer<typeof passwordFormSchema>;
