import type { ClientErrorKind } from '@contract/vitals';
import { currentRoutePattern } from './route-pattern';

/** An error the page met, with the page it happened on (pattern, not address), until the reporter takes it. */
export type CaughtError = { kind: ClientErrorKind; error: unknown; route: string };
type Sink = (caught: CaughtError) => void;

/** Errors held before the reporter has loaded (it comes once the page is idle); a page that fails in a loop holds no more. */
export const EARLY_ERRORS_MAX = 20;

const early: CaughtError[] = [];
let sink: Sink | null = null;
const reported = new WeakSet<object>();

/** Hands an error to the reporter, or holds it until the reporter is there. An error object is reported once. */
export function reportClientError(kind: ClientErrorKind, error: unknown): void {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  const caught = { kind, error, route: currentRoutePattern() };
  if (sink) sink(caught);
  else if (early.length < EARLY_ERRORS_MAX) early.push(caught);
}

/** Uncaught errors and unhandled promise rejections, from the start of the page. */
export function catchUncaughtErrors(): void {
  window.addEventListener('error', (event) => reportClientError('error', event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportClientError('unhandledrejection', event.reason));
}

/** The reporter has loaded: it gets the errors held so far and every one after. */
export function deliverClientErrorsTo(next: Sink): void {
  sink = next;
  for (const caught of early.splice(0)) next(caught);
}
