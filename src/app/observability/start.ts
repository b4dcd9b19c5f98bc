import { deliverClientErrorsTo } from '@/lib/client-errors';
import { landingRoutePattern } from '@/lib/route-pattern';
import { API_BASE } from '@/lib/api';
import { createReporter, errorEvent, type ReporterOptions } from './reporter';
import { reportWebVitals } from './vitals';

/** The share of page loads that report (VITE_CLIENT_EVENTS_SAMPLE_RATE at build time, 0–1); every one by default. */
export const SAMPLE_RATE = Math.min(Math.max(Number(import.meta.env.VITE_CLIENT_EVENTS_SAMPLE_RATE ?? 1) || 0, 0), 1);

const ENDPOINT = `${API_BASE}/client-events`;

export const browserReporterOptions = (): ReporterOptions => ({
  sampleRate: SAMPLE_RATE,
  random: Math.random,
  flushDelayMs: 10_000,
  maxQueued: 100,
  // 4xx is a refusal for good (a batch the server will never take, or too many): dropped, not sent again.
  post: async (body) =>
    (await fetch(ENDPOINT, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: true, credentials: 'omit' })).status < 500,
  // A string goes as text/plain, which the endpoint reads as JSON: a beacon cannot choose application/json.
  beacon: (body) => navigator.sendBeacon(ENDPOINT, body),
  isOnline: () => navigator.onLine,
});

/**
 * Starts reporting, once the page is idle (the entry loads this module then): the errors caught so far and from now
 * on, and this page load's web vitals; what waits goes out when the page is hidden and when the connection returns.
 */
export function startObservability(): void {
  const reporter = createReporter(browserReporterOptions());
  deliverClientErrorsTo((caught) => reporter.add(errorEvent(caught, __BUILD_ID__)));
  // Before the listeners below: web-vitals reports LCP, INP and CLS on the same 'hidden' the beacon leaves on.
  reportWebVitals(reporter.add, landingRoutePattern);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') reporter.flushOnHide();
  });
  window.addEventListener('pagehide', () => reporter.flushOnHide());
  window.addEventListener('online', () => void reporter.flush());
}
