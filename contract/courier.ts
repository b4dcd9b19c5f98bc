import { z } from 'zod';
import { line } from './text';

/** The couriers the shop books parcels with through their merchant APIs; `sandbox` is the built-in one that moves no parcel. */
export const courierProviders = ['sandbox', 'steadfast', 'pathao', 'redx'] as const;
export type CourierProvider = (typeof courierProviders)[number];
export const COURIER_NAMES: Record<CourierProvider, string> = {
  sandbox: 'Sandbox courier',
  steadfast: 'Steadfast',
  pathao: 'Pathao',
  redx: 'RedX',
};

/**
 * Where a parcel is, in the shop's words, whatever the courier calls it: booked, picked up from the shop, on its way,
 * out for delivery, held (a failed attempt, a wrong number), delivered, or back at the shop. Only `delivered` and
 * `returned` move the order; the rest are its tracking timeline.
 */
export const parcelStatuses = ['booked', 'picked-up', 'in-transit', 'out-for-delivery', 'on-hold', 'delivered', 'returned'] as const;
export type ParcelStatus = (typeof parcelStatuses)[number];

export const TRACKING_CODE_MAX = 60;
export const COURIER_NAME_MAX = 60;

/** A parcel sent with a courier the shop has no account with: the admin types the courier's name, the code and, if any, its tracking page. */
export const otherCourierSchema = z.object({
  courier: line('Enter the courier').trim().min(1, 'Enter the courier').max(COURIER_NAME_MAX, 'The courier name is too long'),
  code: line('Enter the tracking code').trim().min(1, 'Enter the tracking code').max(TRACKING_CODE_MAX, 'The tracking code is too long'),
  url: z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    line()
      .trim()
      .max(500, 'The tracking link is too long')
      .pipe(z.url({ protocol: /^https$/, message: 'The tracking link must be an https address' }))
      .optional(),
  ),
});
export type OtherCourier = z.output<typeof otherCourierSchema>;

/** Booking an order's parcel: with the shop's courier (no body, or `{}`), or recorded by hand for another courier (`other`). */
export const courierBookingSchema = z.object({ other: otherCourierSchema.optional() }).optional();
export type CourierBookingInput = z.input<typeof courierBookingSchema>;

export const parcelEventSchema = z.object({
  status: z.enum(parcelStatuses),
  /** ISO 8601: when the courier says it happened. */
  at: z.string(),
});
export type ParcelEvent = z.infer<typeof parcelEventSchema>;

/** An order's parcel: the courier's name, its tracking code and page (null when it has none), and its timeline, oldest first. */
export const trackingSchema = z.object({
  courier: z.string(),
  code: z.string(),
  url: z.string().nullable(),
  events: z.array(parcelEventSchema),
});
export type Tracking = z.infer<typeof trackingSchema>;
