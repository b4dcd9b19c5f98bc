import { z } from 'zod';
import { text } from './text';

/** Longer than any push service's endpoint (FCM's are about 200 characters, Windows' about 300). */
export const PUSH_ENDPOINT_MAX = 2048;
export const PUSH_ENDPOINT_INVALID = 'The push endpoint must be an https address';
export const PUSH_SERVICE_UNKNOWN = "The push endpoint must be a browser's push service (Chrome, Firefox, Edge, Safari or Windows)";
export const PUSH_DEVICE_TAKEN = "This device gets another account's notifications. Sign out of that account on this device first.";

export const pushEndpointField = text(PUSH_ENDPOINT_INVALID)
  .max(PUSH_ENDPOINT_MAX, 'The push endpoint is too long')
  .refine((value) => URL.canParse(value), PUSH_ENDPOINT_INVALID);

/** base64url (no padding) of exactly `bytes` bytes: how `PushSubscription.toJSON()` writes its keys. */
const base64urlOf = (bytes: number, message: string) => text(message).regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`), message);

/** A browser's subscription as `PushSubscription.toJSON()` gives it; `expirationTime` is not kept. */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointField,
  keys: z.object({
    // An uncompressed P-256 point: 65 bytes. The server also checks it is on the curve.
    p256dh: base64urlOf(65, 'The subscription key p256dh must be a P-256 public key in base64url'),
    auth: base64urlOf(16, 'The subscription key auth must be 16 bytes in base64url'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** Which device stops getting notifications: its subscription's endpoint. */
export const pushEndpointSchema = z.object({ endpoint: pushEndpointField });

/** The key the browser subscribes with (`applicationServerKey`), base64url. */
export const pushKeySchema = z.object({ publicKey: z.string() });

/**
 * What the service worker gets in a push: the notification's title and text, the product's picture (absolute), the
 * page to open and the tag that keeps one notification per order.
 */
export type PushPayload = { title: string; body: string; image?: string; url: string; tag: string };
