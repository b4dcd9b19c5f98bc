import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/env';
import { emulatePage, emulateServiceWorkers, OFFLINE, SLOW_3G, type NetworkConditions } from './support/network-emulation';
import { startBuiltServer } from './support/server';
import { medianOfRuns } from './support/stats';
import { warmUp } from './support/warm-up';

/**
 * The home page on emulated slow 3G (400 kbps, 400 ms round trips, through the Chrome DevTools Protocol) on a
 * 360 × 640 phone screen: a first visit, a repeat visit with the service worker in control, and a reopen with no
 * connection at all. "Content visible" is the first banner's image loaded on screen and the first product card
 * shown (when its own image arrives is reported beside it); times run from the start of the navigation.
 */

export const GOALS_MS = { firstVisit: 3000, repeatVisit: 500, offlineReopen: 500 } as const;
const PHONE = { width: 360, height: 640, deviceScaleFactor: 2 };
const TIMEOUT_MS = { firstVisit: 30_000, repeatVisit: 15_000, offlineReopen: 15_000 } as const;
type VisitKind = keyof typeof GOALS_MS;

/** Milliseconds from navigation start, or null when it never happened within the time-out. */
export type VisitMarks = {
  firstContentfulPaint: number | null;
  banner: number | null;
  firstCard: number | null;
  firstCardImage: number | null;
};
export type Visit = VisitMarks & {
  contentVisible: number | null;
  /** Whether the service worker answered the page (it controls only pages opened after it activated). */
  controlled: boolean;
  /** Bytes the page received from the network; answers of the service worker or the HTTP cache are not counted. */
  pageBytes: number;
  pageRequests: number;
  answeredByServiceWorker: number;
  /** Bytes the service worker itself downloaded during this visit (its precache, the requests it passed on). */
  serviceWorkerBytes: number;
  /** URLs the page downloaded twice, e.g. a read asked for once by a preload hint and again differently by the app. */
  downloadedTwice: string[];
  /** Preloaded URLs the page never used (Chromium warns of them), e.g. a picture hint whose candidates differ from the app's. */
  unusedPreloads: string[];
  /** Why the content did not show, when it did not. */
  failure?: string;
};
export type SlowNetworkResult = {
  conditions: typeof SLOW_3G;
  screen: typeof PHONE;
  runs: Record<VisitKind, Visit[]>;
  median: Record<VisitKind, VisitMarks & { contentVisible: number | null; pageBytes: number | null; serviceWorkerBytes: number | null }>;
};

declare global {
  interface Window {
    __haatVisit?: VisitMarks;
  }
}

/**
 * Runs in every page before the app: notes, frame by frame, when each part of the home page first shows. A string,
 * not a function, because the TypeScript loader wraps named functions in a helper the page does not have.
 */
const WATCH_HOME_PAGE = `(() => {
  const marks = { firstContentfulPaint: null, banner: null, firstCard: null, firstCardImage: null };
  window.__haatVisit = marks;
  const shown = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const onScreen = (element) => shown(element) && element.getBoundingClientRect().bottom > 0 && element.getBoundingClientRect().top < window.innerHeight;
  const loaded = (image) => Boolean(image && image.complete && image.naturalWidth > 0);
  new PerformanceObserver((entries) => {
    const paint = entries.getEntriesByName('first-contentful-paint')[0];
    if (paint) marks.firstContentfulPaint = paint.startTime;
  }).observe({ type: 'paint', buffered: true });
  const check = () => {
    const now = performance.now();
    const banner = document.querySelector('section[aria-roledescription="carousel"] img');
    if (marks.banner === null && loaded(banner) && onScreen(banner)) marks.banner = now;
    const card = document.querySelector('main article');
    if (marks.firstCard === null && card && shown(card)) marks.firstCard = now;
    if (marks.firstCardImage === null && card && loaded(card.querySelector('img'))) marks.firstCardImage = now;
    if (marks.banner === null || marks.firstCardImage === null) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

const contentVisible = (marks: VisitMarks) => (marks.banner === null || marks.firstCard === null ? null : Math.max(marks.banner, marks.firstCard));

async function marksOf(page: Page): Promise<VisitMarks> {
  return page.evaluate(() => ({ ...window.__haatVisit! }));
}

/** Opens `url` in a new page of `context` under `conditions` and waits (at most `timeoutMs`) for the content. */
async function visit(context: BrowserContext, url: string, conditions: NetworkConditions, timeoutMs: number) {
  const page = await context.newPage();
  const meter = await emulatePage(await context.newCDPSession(page), conditions);
  const unusedPreloads: string[] = [];
  page.on('console', (message) => {
    const unused = /^The resource (\S+) was preloaded using link preload but not used/.exec(message.text());
    if (unused) unusedPreloads.push(unused[1]!);
  });
  let failure: string | undefined;
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    await page.waitForFunction(() => window.__haatVisit?.banner != null && window.__haatVisit.firstCard != null, null, {
      timeout: timeoutMs,
      polling: 100,
    });
    // The card's picture is reported beside the content, not part of it: its absence is no failure.
    await page.waitForFunction(() => window.__haatVisit?.firstCardImage != null, null, { timeout: timeoutMs, polling: 100 }).catch(() => undefined);
  } catch (err) {
    failure = (err as Error).message.split('\n')[0];
  }
  const marks = await marksOf(page).catch(() => ({ firstContentfulPaint: null, banner: null, firstCard: null, firstCardImage: null }));
  if (failure) {
    const seen = Object.entries(marks)
      .filter(([, at]) => at !== null)
      .map(([mark]) => mark);
    failure = `${failure} (shown by then: ${seen.length > 0 ? seen.join(', ') : 'nothing measured'})`;
  }
  const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker?.controller)).catch(() => false);
  return { page, meter, marks, failure, controlled, unusedPreloads };
}

/** Resolves once a service worker has activated for the page's scope; false when none did within `timeoutMs`. */
function serviceWorkerActivated(page: Page, timeoutMs: number): Promise<boolean> {
  return page.evaluate(
    (ms) =>
      Promise.race([
        navigator.serviceWorker.ready.then(
          ({ active }) =>
            new Promise<boolean>((resolve) => {
              if (active?.state === 'activated') resolve(true);
              active?.addEventListener('statechange', () => active.state === 'activated' && resolve(true));
            }),
        ),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
      ]),
    timeoutMs,
  );
}

async function measureRun(browserContext: BrowserContext, baseUrl: string, workers: Awaited<ReturnType<typeof emulateServiceWorkers>>) {
  const url = `${baseUrl}/`;
  const toVisit = (result: Awaited<ReturnType<typeof visit>>, swBytesBefore: number): Visit => ({
    ...result.marks,
    contentVisible: contentVisible(result.marks),
    controlled: result.controlled,
    pageBytes: result.meter.bytes,
    pageRequests: result.meter.requests,
    answeredByServiceWorker: result.meter.fromServiceWorker,
    serviceWorkerBytes: workers.meter.bytes - swBytesBefore,
    downloadedTwice: result.meter.downloadedTwice,
    unusedPreloads: result.unusedPreloads,
    ...(result.failure ? { failure: result.failure } : {}),
  });

  await workers.setConditions(SLOW_3G);
  const swBytesAtStart = workers.meter.bytes;
  const first = await visit(browserContext, url, SLOW_3G, TIMEOUT_MS.firstVisit);
  // The first visit's cost includes what it goes on downloading after the content shows, and the worker's precache.
  await first.page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
  const active = await serviceWorkerActivated(first.page, 60_000).catch(() => false);
  await first.page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
  const firstVisit = toVisit(first, swBytesAtStart);
  await first.page.close();

  const swBytesBeforeRepeat = workers.meter.bytes;
  const repeat = await visit(browserContext, url, SLOW_3G, TIMEOUT_MS.repeatVisit);
  await repeat.page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
  const repeatVisit = toVisit(repeat, swBytesBeforeRepeat);
  if (!active) repeatVisit.failure = [repeatVisit.failure, 'no service worker activated after the first visit'].filter(Boolean).join('; ');
  await repeat.page.close();

  await browserContext.setOffline(true);
  await workers.setConditions(OFFLINE);
  const swBytesBeforeOffline = workers.meter.bytes;
  const offline = await visit(browserContext, url, OFFLINE, TIMEOUT_MS.offlineReopen);
  const offlineReopen = toVisit(offline, swBytesBeforeOffline);
  await offline.page.close();

  return { firstVisit, repeatVisit, offlineReopen };
}

export async function measureSlowNetwork({ runs = 3 }: { runs?: number } = {}): Promise<SlowNetworkResult> {
  const server = await startBuiltServer();
  try {
    await warmUp([`${server.baseUrl}/`], PHONE);
    const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
    try {
      const workers = await emulateServiceWorkers(browser, SLOW_3G);
      const measured: Record<VisitKind, Visit[]> = { firstVisit: [], repeatVisit: [], offlineReopen: [] };
      for (let run = 0; run < runs; run += 1) {
        // A fresh profile each run: empty HTTP cache, no service worker, no saved data.
        const context = await browser.newContext({
          viewport: { width: PHONE.width, height: PHONE.height },
          deviceScaleFactor: PHONE.deviceScaleFactor,
          isMobile: true,
          hasTouch: true,
        });
        await context.addInitScript({ content: WATCH_HOME_PAGE });
        try {
          const result = await measureRun(context, server.baseUrl, workers);
          for (const kind of Object.keys(measured) as VisitKind[]) measured[kind].push(result[kind]);
        } finally {
          await context.close();
        }
      }
      await workers.detach();
      const summary = (visits: Visit[]) => ({
        firstContentfulPaint: medianOfRuns(visits.map((v) => v.firstContentfulPaint)),
        banner: medianOfRuns(visits.map((v) => v.banner)),
        firstCard: medianOfRuns(visits.map((v) => v.firstCard)),
        firstCardImage: medianOfRuns(visits.map((v) => v.firstCardImage)),
        contentVisible: medianOfRuns(visits.map((v) => v.contentVisible)),
        pageBytes: medianOfRuns(visits.map((v) => v.pageBytes)),
        serviceWorkerBytes: medianOfRuns(visits.map((v) => v.serviceWorkerBytes)),
      });
      return {
        conditions: SLOW_3G,
        screen: PHONE,
        runs: measured,
        median: { firstVisit: summary(measured.firstVisit), repeatVisit: summary(measured.repeatVisit), offlineReopen: summary(measured.offlineReopen) },
      };
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

const seconds = (ms: number | null) => (ms === null ? 'never' : `${(ms / 1000).toFixed(2)} s`);
const kb = (bytes: number | null) => (bytes === null ? '–' : `${(bytes / 1024).toFixed(1)} KB`);

export function printSlowNetworkReport(result: SlowNetworkResult) {
  const { latency, downloadThroughput } = result.conditions;
  console.log(
    `Home page on emulated slow 3G (${(downloadThroughput * 8) / 1000} kbps, ${latency} ms), ${result.screen.width}×${result.screen.height} phone, median of ${result.runs.firstVisit.length} runs:`,
  );
  const widths = [14, 9, 9, 12, 12, 9, 16, 12, 10];
  const line = (...cells: string[]) => `  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('')}`;
  console.log(line('visit', 'FCP', 'banner', 'first card', 'card image', 'content', 'goal', 'page bytes', 'SW bytes'));
  for (const kind of Object.keys(GOALS_MS) as VisitKind[]) {
    const m = result.median[kind];
    const verdict = m.contentVisible !== null && m.contentVisible <= GOALS_MS[kind] ? 'met' : 'missed';
    console.log(
      line(kind, seconds(m.firstContentfulPaint), seconds(m.banner), seconds(m.firstCard), seconds(m.firstCardImage), seconds(m.contentVisible), `≤ ${seconds(GOALS_MS[kind])} ${verdict}`, kb(m.pageBytes), kb(m.serviceWorkerBytes)),
    );
  }
  const repeats = result.runs.repeatVisit;
  console.log(`  repeat visits the service worker answered: ${repeats.filter((run) => run.controlled).length} of ${repeats.length}`);
  for (const kind of Object.keys(GOALS_MS) as VisitKind[]) {
    result.runs[kind].forEach((run, i) => {
      if (run.failure) console.log(`  ${kind} run ${i + 1}: ${run.failure}`);
      if (run.downloadedTwice.length > 0) console.log(`  ${kind} run ${i + 1} downloaded twice: ${run.downloadedTwice.join(', ')}`);
      if (run.unusedPreloads.length > 0) console.log(`  ${kind} run ${i + 1} preloaded but unused: ${run.unusedPreloads.join(', ')}`);
    });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { runs: { type: 'string' } } });
  printSlowNetworkReport(await measureSlowNetwork({ runs: values.runs ? Number(values.runs) : undefined }));
}
