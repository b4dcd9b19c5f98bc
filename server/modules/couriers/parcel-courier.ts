import { timingSafeEqual, createHash } from 'node:crypto';
import type { CourierProvider, ParcelStatus } from '../../../contract/courier';

/** What the courier is given of an order to book its parcel. */
export type ParcelRequest = {
  orderId: string;
  /** The order's number, as the customer and the shop say it. */
  number: string;
  recipientName: string;
  phone: string;
  /** The whole address on one line: details, city, district. */
  address: string;
  district: string;
  city: string;
  /** Taka the courier collects at the door: the total of an unpaid cash order, 0 when it is paid. */
  codAmount: number;
  itemCount: number;
  description: string;
};

export type BookedParcel = { consignmentId: string; trackingCode: string; trackingUrl: string | null };

/** A courier's report of where a parcel is, in the shop's words (`status`) and its own (`courierStatus`). */
export type ParcelUpdate = { consignmentId: string; status: ParcelStatus; courierStatus: string; at: Date };

export type WebhookRequest = { headers: Record<string, string | string[] | undefined>; query: Record<string, unknown>; body: unknown };
/** What the shop answers the courier: its status, the headers it asks for and the body it expects. */
export type WebhookReply = { status: number; headers?: Record<string, string>; body: unknown };
/**
 * A webhook read: `refused` when its secret or signature is wrong, `invalid` when it is not the courier's shape,
 * `ignored` when it says nothing the shop tracks (a test call, a note), else the `update` it carries.
 */
export type WebhookOutcome =
  { kind: 'refused' } | { kind: 'invalid' } | { kind: 'ignored'; reply: WebhookReply } | { kind: 'update'; update: ParcelUpdate; reply: WebhookReply };

/** One courier's merchant API, as the shop uses it: book a parcel, read where it is, read its webhook. */
export type ParcelCourier = {
  provider: CourierProvider;
  book(request: ParcelRequest): Promise<BookedParcel>;
  /** Where the parcel is now; null when the courier's word for it is not one the shop tracks. */
  status(consignmentId: string): Promise<{ status: ParcelStatus | null; courierStatus: string }>;
  webhook(request: WebhookRequest): WebhookOutcome;
};

/** The courier did not answer, or answered something the shop cannot read: nothing was booked on our side. */
export class CourierError extends Error {}

/** A secret the courier sends, compared in constant time (of the digests, so the lengths tell nothing either). */
export function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** One header's value, whatever case the courier wrote its name in (Node gives them lower-cased). */
export const headerOf = (headers: WebhookRequest['headers'], name: string): string | undefined => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/** A courier's time ('2025-03-02 12:45:30' is Dhaka time, as Bangladeshi couriers write it; ISO 8601 as it says), or now. */
export function courierTime(value: unknown, now = new Date()): Date {
  if (typeof value !== 'string' && typeof value !== 'number') return now;
  const text = String(value);
  const parsed = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text) ? new Date(`${text.replace(' ', 'T')}+06:00`) : new Date(text);
  return Number.isNaN(parsed.getTime()) ? now : parsed;
}
