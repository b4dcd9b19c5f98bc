import { ROUTE_SEGMENT } from '@contract/vitals';

/**
 * The page the shopper is on, as the router's pattern (`/products/$id`), never its address: what error reports and
 * web vitals name a page by. The app hands over how to read it from its router.
 */
let source: () => string | undefined = () => undefined;
let landing: string | undefined;

/** A route's full path (`/products/$id`, `/products/`) as a pattern the API accepts: no trailing slash, odd segments as `$`. */
export function routePattern(fullPath: string | undefined): string {
  const segments = (fullPath ?? '').split('/').filter(Boolean);
  return `/${segments.map((segment) => (ROUTE_SEGMENT.test(segment) ? segment : '$')).join('/')}`;
}

export function setRoutePatternSource(next: () => string | undefined): void {
  source = next;
}

export const currentRoutePattern = (): string => routePattern(source());

/** Notes the page the visit opened on, the first time the router has resolved it. */
export function noteLandingRoute(): void {
  landing ??= source() === undefined ? undefined : currentRoutePattern();
}

/** The page the visit opened on: its loading figures (LCP, FCP, TTFB, CLS) belong to it, whatever was opened since. */
export const landingRoutePattern = (): string => landing ?? currentRoutePattern();
