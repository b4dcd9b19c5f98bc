import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/env';
import { firstOneTapProductId, signInDemoCustomer } from './support/demo-shop';
import { emulatePage, emulateServiceWorkers, OFFLINE, SLOW_3G, type NetworkConditions } from './support/network-emulation';
import { ORIGINAL_CLIENT_DIST, serveOriginalClient } from './support/original-client';
import { startBuiltServer } from './support/server';
import { medianOfRuns } from './support/stats';
import { warmUp } from './support/warm-up';

/**
 * The home page on emulated slow 3G (400 kbps, 400 ms round trips, through the Chrome DevTools Protocol) on a
 * 360 × 640 phone screen: a first visit, a repeat visit with the service worker in control, and a reopen with no
 * connection at all. "Content visible" is the first banner's image loaded on screen and the first product card
 * shown (when its own image arrives is reported beside it); times run from the start of the navigation.
 *
 * The first tap that works: a first visit, under the same conditions, to a product page one tap can buy from (in stock,
 * nothing to choose first), by a shopper who signed in before (both clients send a signed-out tap to the sign-in page):
 * the session saved, nothing else (no HTTP cache, no service worker). Add to Cart is tapped as soon as the button is on
 * screen, and again while nothing happens; the figure is when the cart first holds the product.
 *
 * Side by side (given a build of the original client: `ORIGINAL_CLIENT_DIST` or `--original DIR`), each run also
 * makes the original client's first visit to its home page and its first tap on the same product page.
 */

export const GOALS_MS = { firstVisit: 3000, repeatVisit: 500, offlineReopen: 500 } as const;
/** The goals of a first visit's content (the banner and the first products) and of its first working tap. */
export const FIRST_VISIT_GOALS_MS = { contentVisible: 1500, firstTap: 3000 } as const;
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
type VisitSummary = VisitMarks & { contentVisible: number | null; pageBytes: number | null; serviceWorkerBytes: number | null };
/** When the first tap on Add to Cart made the product's page put it in the cart, from navigation start; null: never. */
export type FirstTap = { respondedAt: number | null; taps: number; failure?: string };
export type SlowNetworkResult = {
  conditions: typeof SLOW_3G;
  screen: typeof PHONE;
  runs: Record<VisitKind, Visit[]>;
  median: Record<VisitKind, VisitSummary>;
  firstTap: { runs: FirstTap[]; median: number | null };
  /** The original client measured in the same runs: its first visit to the home page and its first tap. */
  original: { firstVisit: Visit[]; median: VisitSummary; firstTap: { runs: FirstTap[]; median: number | null } } | null;
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
const watchHomePage = (selectors: HomePageSelectors) => `(() => {
  const selectors = ${JSON.stringify(selectors)};
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
    const banner = document.querySelector(selectors.banner);
    if (marks.banner === null && loaded(banner) && onScreen(banner)) marks.banner = now;
    const card = document.querySelector(selectors.card);
    if (marks.firstCard === null && card && shown(card)) marks.firstCard = now;
    if (marks.firstCardImage === null && card && loaded(card.querySelector('img'))) marks.firstCardImage = now;
    if (marks.banner === null || marks.firstCardImage === null) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/** Where each client draws the first banner's picture and a product card on its home page. */
type HomePageSelectors = { banner: string; card: string };
const SHOP_HOME_PAGE: HomePageSelectors = { banner: 'section[aria-roledescription="carousel"] img', card: 'main article' };
const ORIGINAL_HOME_PAGE: HomePageSelectors = { banner: '.swiper img', card: 'div.rounded-lg.overflow-hidden.cursor-pointer' };

declare global {
  interface Window {
    __haatCartHolds?: number | null;
  }
}

/**
 * Runs in the product page before its scripts: notes when the page first writes a cart holding the product to
 * localStorage, where both clients keep the cart.
 */
const watchCart = (productId: string) => `(() => {
  window.__haatCartHolds = null;
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key === 'cart' && window.__haatCartHolds === null && String(value).includes(${JSON.stringify(productId)})) window.__haatCartHolds = performance.now();
    return setItem.call(this, key, value);
  };
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

/**
 * A first visit to `url` (a product page) that taps the visible Add to Cart button as soon as there is one, and again
 * every quarter second while the cart does not hold the product, until it does or `timeoutMs` passes.
 */
async function firstTap(context: BrowserContext, url: string, productId: string, timeoutMs: number): Promise<FirstTap> {
  const page = await context.newPage();
  await page.addInitScript({ content: watchCart(productId) });
  await emulatePage(await context.newCDPSession(page), SLOW_3G);
  const deadline = Date.now() + timeoutMs;
  let taps = 0;
  let failure: string | undefined;
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    const button = page
      .getByRole('button', { name: /^add to cart$/i })
      .filter({ visible: true })
      .first();
    while (Date.now() < deadline) {
      await button.click({ timeout: Math.max(1, deadline - Date.now()), noWaitAfter: true });
      taps += 1;
      const held = await page
        .waitForFunction(() => window.__haatCartHolds != null, null, { timeout: Math.min(250, Math.max(1, deadline - Date.now())), polling: 'raf' })
        .then(
          () => true,
          () => false,
        );
      if (held) break;
    }
  } catch (err) {
    failure = (err as Error).message.split('\n')[0];
  }
  const respondedAt = await page.evaluate(() => window.__haatCartHolds ?? null).catch(() => null);
  await page.close();
  return { respondedAt, taps, ...(respondedAt === null ? { failure: failure ?? 'the cart never held the product' } : {}) };
}

/** A fresh profile: empty HTTP cache, no service worker, no saved data. */
function newPhoneContext(browser: Browser, selectors: HomePageSelectors) {
  return browser
    .newContext({
      viewport: { width: PHONE.width, height: PHONE.height },
      deviceScaleFactor: PHONE.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
    })
    .then(async (context) => {
      await context.addInitScript({ content: watchHomePage(selectors) });
      return context;
    });
}

export async function measureSlowNetwork({
  runs = 3,
  originalClient = ORIGINAL_CLIENT_DIST,
}: { runs?: number; originalClient?: string } = {}): Promise<SlowNetworkResult> {
  const server = await startBuiltServer();
  const original = originalClient
    ? await serveOriginalClient(originalClient, server.baseUrl).catch(async (err: unknown) => {
        await server.stop();
        throw err;
      })
    : null;
  try {
    const productPath = `/products/${await firstOneTapProductId(server.baseUrl)}`;
    const productId = productPath.slice('/products/'.length);
    await warmUp(
      [`${server.baseUrl}/`, `${server.baseUrl}${productPath}`, ...(original ? [`${original.baseUrl}/`, `${original.baseUrl}${productPath}`] : [])],
      PHONE,
    );
    const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
    try {
      const workers = await emulateServiceWorkers(browser, SLOW_3G);
      const measured: Record<VisitKind, Visit[]> = { firstVisit: [], repeatVisit: [], offlineReopen: [] };
      const taps: FirstTap[] = [];
      const originalVisits: Visit[] = [];
      const originalTaps: FirstTap[] = [];
      for (let run = 0; run < runs; run += 1) {
        const context = await newPhoneContext(browser, SHOP_HOME_PAGE);
        try {
          const result = await measureRun(context, server.baseUrl, workers);
          for (const kind of Object.keys(measured) as VisitKind[]) measured[kind].push(result[kind]);
        } finally {
          await context.close();
        }
        const tapContext = await newPhoneContext(browser, SHOP_HOME_PAGE);
        await signInDemoCustomer(server.baseUrl, tapContext);
        taps.push(await firstTap(tapContext, `${server.baseUrl}${productPath}`, productId, TIMEOUT_MS.firstVisit).finally(() => tapContext.close()));
        if (original) {
          const originalContext = await newPhoneContext(browser, ORIGINAL_HOME_PAGE);
          try {
            const visited = await visit(originalContext, `${original.baseUrl}/`, SLOW_3G, TIMEOUT_MS.firstVisit);
            await visited.page.close();
            originalVisits.push({
              ...visited.marks,
              contentVisible: contentVisible(visited.marks),
              controlled: visited.controlled,
              pageBytes: visited.meter.bytes,
              pageRequests: visited.meter.requests,
              answeredByServiceWorker: visited.meter.fromServiceWorker,
              serviceWorkerBytes: 0,
              downloadedTwice: visited.meter.downloadedTwice,
              unusedPreloads: visited.unusedPreloads,
              ...(visited.failure ? { failure: visited.failure } : {}),
            });
          } finally {
            await originalContext.close();
          }
          const originalTapContext = await newPhoneContext(browser, ORIGINAL_HOME_PAGE);
          await signInDemoCustomer(server.baseUrl, originalTapContext);
          originalTaps.push(
            await firstTap(originalTapContext, `${original.baseUrl}${productPath}`, productId, TIMEOUT_MS.firstVisit).finally(() => originalTapContext.close()),
          );
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
      const tapSummary = (runs: FirstTap[]) => ({ runs, median: medianOfRuns(runs.map((tap) => tap.respondedAt)) });
      return {
        conditions: SLOW_3G,
        screen: PHONE,
        runs: measured,
        median: { firstVisit: summary(measured.firstVisit), repeatVisit: summary(measured.repeatVisit), offlineReopen: summary(measured.offlineReopen) },
        firstTap: tapSummary(taps),
        original: original ? { firstVisit: originalVisits, median: summary(originalVisits), firstTap: tapSummary(originalTaps) } : null,
      };
    } finally {
      await browser.close();
    }
  } finally {
    await original?.stop();
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
      line(
        kind,
        seconds(m.firstContentfulPaint),
        seconds(m.banner),
        seconds(m.firstCard),
        seconds(m.firstCardImage),
        seconds(m.contentVisible),
        `≤ ${seconds(GOALS_MS[kind])} ${verdict}`,
        kb(m.pageBytes),
        kb(m.serviceWorkerBytes),
      ),
    );
  }
  const tapVerdict = (ms: number | null) => (ms !== null && ms <= FIRST_VISIT_GOALS_MS.firstTap ? 'met' : 'missed');
  console.log(
    `  first tap that works (Add to Cart on a product page): ${seconds(result.firstTap.median)}, goal ≤ ${seconds(FIRST_VISIT_GOALS_MS.firstTap)} ${tapVerdict(result.firstTap.median)}`,
  );
  const contentVerdict = (ms: number | null) => (ms !== null && ms <= FIRST_VISIT_GOALS_MS.contentVisible ? 'met' : 'missed');
  console.log(
    `  first visit's banner and first products: ${seconds(result.median.firstVisit.contentVisible)}, goal ≤ ${seconds(FIRST_VISIT_GOALS_MS.contentVisible)} ${contentVerdict(result.median.firstVisit.contentVisible)}`,
  );
  if (result.original) {
    const m = result.original.median;
    console.log('  the original client, in the same runs:');
    console.log(
      line(
        'firstVisit',
        seconds(m.firstContentfulPaint),
        seconds(m.banner),
        seconds(m.firstCard),
        seconds(m.firstCardImage),
        seconds(m.contentVisible),
        '',
        kb(m.pageBytes),
        '–',
      ),
    );
    console.log(`  its first tap that works: ${seconds(result.original.firstTap.median)}`);
    result.original.firstVisit.forEach((run, i) => run.failure && console.log(`  original first visit run ${i + 1}: ${run.failure}`));
  }
  for (const [who, taps] of [
    ['shop', result.firstTap.runs],
    ['original', result.original?.firstTap.runs ?? []],
  ] as const) {
    taps.forEach((tap, i) => tap.failure && console.log(`  ${who} first tap run ${i + 1}: ${tap.failure} (${tap.taps} taps)`));
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
  const { values } = parseArgs({ options: { runs: { type: 'string' }, original: { type: 'string' } } });
  printSlowNetworkReport(await measureSlowNetwork({ runs: values.runs ? Number(values.runs) : undefined, originalClient: values.original }));
}
