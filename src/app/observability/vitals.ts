import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { VitalEvent } from '@contract/client-events';
import { PAGE_ATTRIBUTES } from '@contract/page-document';
import { CONNECTION_TYPES, type ConnectionType } from '@contract/vitals';

type NetworkInformation = { effectiveType?: string; saveData?: boolean };

/** The network the browser says it is on (Chromium's Network Information API); `unknown` where it does not say. */
export function connectionOf(connection: NetworkInformation | undefined): { connection: ConnectionType; saveData: boolean } {
  const type = connection?.effectiveType;
  return {
    connection: CONNECTION_TYPES.find((known) => known === type) ?? 'unknown',
    saveData: connection?.saveData === true,
  };
}

/**
 * Who answered the page: a page the server rendered carries `data-origin` on its root element, and a copy of one the
 * service worker kept `data-kept-at` besides (the worker answered it); otherwise it is the shell, from the service
 * worker when one started for the navigation (its `workerStart` is then above 0; a transferSize of 0 would also match
 * the HTTP cache), else from the server.
 */
export function servedByOf(root: Element | null, navigation: PerformanceNavigationTiming | undefined): VitalEvent['servedBy'] {
  if (root?.hasAttribute(PAGE_ATTRIBUTES.keptAt)) return 'sw';
  if (root?.hasAttribute(PAGE_ATTRIBUTES.origin)) return 'ssr';
  return navigation && navigation.workerStart > 0 ? 'sw' : 'shell';
}

/** Largest finite value the API takes (a minute); a page left open in the background can report longer. */
const VALUE_MAX = 600_000;

/**
 * Reports LCP, INP, CLS, FCP and TTFB of this page load as web-vitals gives them (LCP, INP and CLS when the page is
 * hidden), under the page the visit opened on, with the network and who served the page.
 */
export function reportWebVitals(report: (event: VitalEvent) => void, route: () => string): void {
  const context = {
    ...connectionOf((navigator as Navigator & { connection?: NetworkInformation }).connection),
    servedBy: servedByOf(document.getElementById('root'), performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined),
  };
  const send = ({ name, value }: Metric) => report({ type: 'vital', name, value: Math.min(Math.max(value, 0), VALUE_MAX), route: route(), ...context });
  onLCP(send);
  onINP(send);
  onCLS(send);
  onFCP(send);
  onTTFB(send);
}
