/**
 * What the shop measures of its shoppers' experience, and the goals it holds itself to. Free of zod, so the browser's
 * reporting code can read it without the schema library.
 */

/** The web vitals the browser reports (web-vitals' names). */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/**
 * The shop's goals for the 75th percentile of each page's visits: Google's "good" thresholds for the Core Web Vitals
 * (LCP and INP in milliseconds, CLS unitless). FCP and TTFB are reported to explain LCP and have no goal of their own.
 */
export const VITAL_GOALS = { LCP: 2500, INP: 200, CLS: 0.1 } as const satisfies Partial<Record<VitalName, number>>;

/** The network the browser says it is on (Network Information API's effectiveType), or `unknown` where it does not say. */
export const CONNECTION_TYPES = ['slow-2g', '2g', '3g', '4g', 'unknown'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/** Who answered the page the shopper opened: the service worker's shell, the server's rendered page, or the server's shell. */
export const SERVED_BY = ['sw', 'ssr', 'shell'] as const;

/** What a client error came from: `window.onerror`, an unhandled promise rejection, or a React error boundary. */
export const CLIENT_ERROR_KINDS = ['error', 'unhandledrejection', 'boundary'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** One `POST /api/client-events` batch: at most this many events and bytes (sendBeacon allows about 64 KB). */
export const CLIENT_EVENTS_MAX = 50;
export const CLIENT_EVENTS_MAX_BYTES = 32 * 1024;

/** A path segment of a route pattern: a word of the address (`my-orders`) or a parameter (`$id`, `$` for a splat). */
export const ROUTE_SEGMENT = /^(?:[a-z][a-z-]{0,31}|\$[A-Za-z]{0,32})$/;
const SEGMENT = ROUTE_SEGMENT.source.slice(1, -1);
/** A route pattern (`/`, `/products/$id`): what an event names its page by, never the address itself. */
export const ROUTE_PATTERN = new RegExp(`^/(?:${SEGMENT}(?:/${SEGMENT})*/?)?$`);

/** The periods the back office shows figures for. */
export const VITALS_PERIODS = [7, 30] as const;
