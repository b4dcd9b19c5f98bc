import { z } from 'zod';
import { text } from './text';
import { CLIENT_ERROR_KINDS, CLIENT_EVENTS_MAX, CONNECTION_TYPES, ROUTE_PATTERN, SERVED_BY, VITAL_NAMES, VITALS_PERIODS } from './vitals';

/**
 * The page an event happened on, as the router's pattern (`/products/$id`), never the address itself: an address
 * carries ids, tokens and queries, and every distinct one would be a page of its own in the figures.
 */
export const routePatternSchema = text()
  .max(200, 'route is too long')
  .regex(ROUTE_PATTERN, 'route must be a route pattern such as /products/$id (no ids, query or fragment)');

/** The build the browser runs (its id in the app's files): errors are read against that build's source. */
export const buildIdSchema = text().regex(/^[A-Za-z0-9._-]{1,64}$/, 'buildId must be 1-64 letters, digits, dots, dashes or underscores');

export const clientErrorEventSchema = z.strictObject({
  type: z.literal('error'),
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: text().max(1000, 'message is at most 1000 characters'),
  stack: text().max(8000, 'stack is at most 8000 characters').optional(),
  route: routePatternSchema,
  buildId: buildIdSchema,
});

export const vitalEventSchema = z.strictObject({
  type: z.literal('vital'),
  name: z.enum(VITAL_NAMES),
  /** Milliseconds, or CLS's unitless score; a minute at most, which no real page reaches. */
  value: z.number().finite().min(0, 'value cannot be negative').max(600_000, 'value is out of range'),
  route: routePatternSchema,
  connection: z.enum(CONNECTION_TYPES),
  saveData: z.boolean(),
  servedBy: z.enum(SERVED_BY),
});

/** A batch of what the browser saw: errors and web vitals, in one body (JSON, or text sent by navigator.sendBeacon). */
export const clientEventsSchema = z
  .array(z.discriminatedUnion('type', [clientErrorEventSchema, vitalEventSchema]))
  .min(1, 'Send at least one event')
  .max(CLIENT_EVENTS_MAX, `Send at most ${CLIENT_EVENTS_MAX} events at once`);

export type ClientErrorEvent = z.infer<typeof clientErrorEventSchema>;
export type VitalEvent = z.infer<typeof vitalEventSchema>;
export type ClientEvent = z.infer<typeof clientEventsSchema>[number];

export const clientEventsReceivedSchema = z.object({ received: z.number().int() });

export const vitalsQuerySchema = z.object({
  days: z
    .enum(VITALS_PERIODS.map(String) as ['7', '30'], { message: 'days must be 7 or 30' })
    .default('7')
    .transform(Number),
});

/** A 75th percentile and how many samples it was computed from; `p75` is null without samples. */
const percentileSchema = z.object({ p75: z.number().nullable(), samples: z.number().int() });

export const vitalFiguresSchema = z.object({
  name: z.enum(VITAL_NAMES),
  /** The goal for p75 (VITAL_GOALS), or null for a metric without one. */
  goal: z.number().nullable(),
  overall: percentileSchema,
  /** Each page (route pattern) with samples, most samples first. */
  byPage: z.array(percentileSchema.extend({ route: z.string() })),
  byConnection: z.array(percentileSchema.extend({ connection: z.enum(CONNECTION_TYPES) })),
  /** Every Dhaka day of the period, oldest first, with or without samples. */
  daily: z.array(percentileSchema.extend({ day: z.string() })),
});

export const vitalsReportSchema = z.object({
  days: z.number().int(),
  metrics: z.array(vitalFiguresSchema),
});
export type VitalsReport = z.infer<typeof vitalsReportSchema>;
