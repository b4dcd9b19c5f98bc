import { z } from 'zod';
import { text } from './text';

/** Every successful answer of the API: `{ success: true, message, data }`. */
export type ApiSuccess<T> = { success: true; message: string; data: T };

/** The success envelope around a route's data: what a route declares as its response. */
export const apiSuccessSchema = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), message: z.string(), data });

/**
 * Every failed answer of the API: `{ success: false, message, code, values?, errors?, details? }`. `message` is English, `code`
 * names it in the catalogue of contract/api-messages.ts (the app says it in the shopper's language by the code),
 * `values` are what a text with values was made from, in order; each of `errors` is one field's problem, with its
 * code where the catalogue has its text.
 */
export const apiFailureSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  values: z.array(z.union([z.string(), z.number()])).optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string(), code: z.string().optional() })).optional(),
  /** On a failure of the server's own (5xx): the request's id, also sent as `X-Request-Id` and in every log line of it. */
  requestId: z.string().optional(),
  /**
   * What the refusal found, where its code has a shape for it, so the app can go on without asking again: with
   * `totalChanged` the order priced as it stands now (contract/orders.ts, `totalChangedDetailsSchema`).
   */
  details: z.unknown().optional(),
});
export type ApiFailure = z.infer<typeof apiFailureSchema>;

/** Ids are opaque strings. */
export const idSchema = text('Id is required').trim().min(1, 'Id is required').max(64, 'Id is too long');
export const idParamsSchema = z.object({ id: idSchema });
