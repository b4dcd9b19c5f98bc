import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { firstProductId } from './support/demo-shop';
import { LIMIT_PAGE_PATH, startServerWithLimitPage } from './support/limit-page';
import { ORIGINAL_CLIENT_DIST, serveOriginalClient } from './support/original-client';
import { median } from './support/stats';
import { warmUp } from './support/warm-up';

/**
 * Lighthouse 12 with its mobile defaults (a mid-range phone, simulated slow 4G and a 4× slower CPU) on the home page,
 * the listing and a product page of the demo catalogue, and on the limit page: a static page served by the same server
 * that shows only the home page's first banner, with no script. Each page's largest paint is reported against the
 * limit's, how far it is from the fastest this server and picture allow. Each page is audited several times and the
 * median of each figure reported: the machine is shared and one run can be far off.
 *
 * Side by side (given a build of the original client: `ORIGINAL_CLIENT_DIST` or `--original DIR`), the original
 * client's same three pages are audited too, on the same server's API and data, and the runs are interleaved (every
 * page once, then every page again…) so a slow moment of the machine falls on both clients alike.
 */

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
export const GOALS = { performance: 0.95, otherCategories: 1, lcpMs: 2000, tbtMs: 150, cls: 0.05, lcpOverLimit: 1.25 } as const;

/** The phone Lighthouse's mobile defaults emulate (a Moto G Power). */
const LIGHTHOUSE_PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75 };

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export type LighthouseRun = {
  scores: Record<Category, number | null>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** All the main thread's work during the load (script, style, layout, paint, parsing), blocking or not. */
  mainThreadMs: number;
  /** Audits of a scored category that did not pass, e.g. `unsized-images`, so a low score can be explained. */
  failing: { category: Category; id: string; score: number; displayValue?: string }[];
};
export type Client = 'shop' | 'original';
export type LighthousePage = {
  name: string;
  client: Client;
  path: string;
  runs: LighthouseRun[];
  median: Pick<LighthouseRun, 'scores' | 'lcpMs' | 'tbtMs' | 'cls' | 'mainThreadMs'>;
  /** The median largest paint over the limit page's. */
  lcpOverLimit: number | null;
};
export type LighthouseResult = {
  runsPerPage: number;
  chromium: string;
  benchmarkIndex: number | null;
  limit: LighthousePage;
  pages: LighthousePage[];
  /** The original client's pages, in the same order as `pages`, when measured side by side. */
  original: LighthousePage[] | null;
};

function summarize(runs: LighthouseRun[]): LighthousePage['median'] {
  const scoreOf = (category: Category) => median(runs.flatMap((run) => (run.scores[category] === null ? [] : [run.scores[category]])));
  return {
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, scoreOf(category)])) as Record<Category, number | null>,
    lcpMs: median(runs.map((run) => run.lcpMs)) ?? 0,
    tbtMs: median(runs.map((run) => run.tbtMs)) ?? 0,
    cls: median(runs.map((run) => run.cls)) ?? 0,
    mainThreadMs: median(runs.map((run) => run.mainThreadMs)) ?? 0,
  };
}

/**
 * One Lighthouse run of `url`. Lighthouse clears the origin's storage, caches and service workers first, so every run
 * is a first visit. On a busy machine a trace is sometimes lost (NO_NAVSTART and the like), which Lighthouse itself
 * answers with "run again": so does this, twice at most.
 */
async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await lighthouse(url, { port, logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!answer) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = answer;
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
  }
}

/** One audit's figures. */
function runOf(lhr: Awaited<ReturnType<typeof audit>>): LighthouseRun {
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, lhr.categories[category]?.score ?? null])) as Record<Category, number | null>,
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    mainThreadMs: metric('mainthread-work-breakdown'),
    failing: CATEGORIES.flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 || ref.group === 'diagnostics' || ref.group === 'insights')
        .flatMap((ref) => {
          const result = lhr.audits[ref.id];
          if (!result || result.score === null || result.score >= 1) return [];
          return [{ category, id: ref.id, score: result.score, displayValue: result.displayValue }];
        }),
    ),
  };
}

export async function measureLighthouse({
  runs,
  originalClient = ORIGINAL_CLIENT_DIST,
}: { runs?: number; originalClient?: string } = {}): Promise<LighthouseResult> {
  const runsPerPage = runs ?? (originalClient ? 5 : 3);
  const server = await startServerWithLimitPage();
  const stops = [server.stop];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const original = originalClient ? await serveOriginalClient(originalClient, server.baseUrl) : null;
    if (original) stops.push(original.stop);
    const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS });
    stops.push(async () => chrome.kill());
    const productId = await firstProductId(server.baseUrl);
    const landing = [
      { name: 'home', path: '/' },
      { name: 'listing', path: '/products' },
      { name: 'product', path: `/products/${productId}` },
    ];
    const targets: { page: LighthousePage; url: string }[] = [
      { name: 'limit', path: LIMIT_PAGE_PATH, client: 'shop' as const, baseUrl: server.baseUrl },
      ...landing.map((page) => ({ ...page, client: 'shop' as const, baseUrl: server.baseUrl })),
      ...(original ? landing.map((page) => ({ ...page, client: 'original' as const, baseUrl: original.baseUrl })) : []),
    ].map(({ name, path, client, baseUrl }) => ({
      page: { name, client, path, runs: [], median: summarize([]), lcpOverLimit: null },
      url: `${baseUrl}${path}`,
    }));
    await warmUp(
      targets.map(({ url }) => url),
      LIGHTHOUSE_PHONE,
    );
    let chromium = '';
    let benchmarkIndex: number | null = null;
    for (let run = 0; run < runsPerPage; run += 1) {
      for (const { page, url } of targets) {
        const lhr = await audit(url, chrome.port);
        chromium = lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? lhr.environment.hostUserAgent;
        benchmarkIndex = lhr.environment.benchmarkIndex;
        page.runs.push(runOf(lhr));
      }
    }
    const [limit, ...measured] = targets.map(({ page }) => ({ ...page, median: summarize(page.runs) }));
    for (const page of measured) page.lcpOverLimit = limit!.median.lcpMs > 0 ? page.median.lcpMs / limit!.median.lcpMs : null;
    return {
      runsPerPage,
      chromium,
      benchmarkIndex,
      limit: limit!,
      pages: measured.filter((page) => page.client === 'shop'),
      original: original ? measured.filter((page) => page.client === 'original') : null,
    };
  } finally {
    await stopAll();
  }
}

const score = (value: number | null) => (value === null ? '–' : String(Math.round(value * 100)));

/** The failing audits of a page, with how many runs each failed in. */
function failingAudits(page: LighthousePage): string[] {
  const counted = new Map<string, { runs: number; displayValue?: string }>();
  for (const run of page.runs) {
    for (const audit of run.failing) {
      const key = `${audit.category}: ${audit.id}`;
      counted.set(key, { runs: (counted.get(key)?.runs ?? 0) + 1, displayValue: audit.displayValue ?? counted.get(key)?.displayValue });
    }
  }
  return [...counted].map(([key, { runs, displayValue }]) => `${key}${displayValue ? ` (${displayValue})` : ''}, ${runs}/${page.runs.length} runs`);
}

/**
 * Where the shop stands against its goals and, side by side, against the original client measured in the same run:
 * one line per check and page, `ok` or `MISSED`.
 */
export function verdicts(result: LighthouseResult): { page: string; check: string; met: boolean }[] {
  return result.pages.flatMap((page, index) => {
    const { scores, tbtMs, cls } = page.median;
    const original = result.original?.[index]?.median;
    const checks: [string, boolean][] = [
      [`performance ≥ ${GOALS.performance}`, (scores.performance ?? 0) >= GOALS.performance],
      [`TBT ≤ ${GOALS.tbtMs} ms`, tbtMs <= GOALS.tbtMs],
      [`LCP ÷ limit ≤ ${GOALS.lcpOverLimit}`, page.lcpOverLimit !== null && page.lcpOverLimit <= GOALS.lcpOverLimit],
      [`CLS < ${GOALS.cls}`, cls < GOALS.cls],
      ...(['accessibility', 'best-practices', 'seo'] as const).map((category): [string, boolean] => [
        `${category} 100`,
        scores[category] === GOALS.otherCategories,
      ]),
      ...(original
        ? ([
            ["performance ≥ the original's", (scores.performance ?? 0) >= (original.scores.performance ?? 0)],
            ["TBT ≤ the original's", tbtMs <= original.tbtMs],
          ] as [string, boolean][])
        : []),
    ];
    return checks.map(([check, met]) => ({ page: page.name, check, met }));
  });
}

export function printLighthouseReport(result: LighthouseResult) {
  console.log(
    `Lighthouse 12, mobile defaults, median of ${result.runsPerPage} runs${result.original ? ", interleaved with the original client's" : ''} (Chromium ${result.chromium}, benchmark index ${result.benchmarkIndex ?? '?'}):`,
  );
  const line = (...cells: string[]) =>
    `  ${cells[0]!.padEnd(18)}${cells
      .slice(1)
      .map((cell) => cell.padStart(9))
      .join('')}`;
  console.log(line('page', 'perf', 'a11y', 'best-pr', 'seo', 'LCP', 'TBT', 'CLS', '÷ limit', 'main th.'));
  const everyPage = [result.limit, ...result.pages, ...(result.original ?? [])];
  for (const page of everyPage) {
    const { scores, lcpMs, tbtMs, cls, mainThreadMs } = page.median;
    console.log(
      line(
        page.client === 'original' ? `${page.name} (original)` : page.name,
        score(scores.performance),
        score(scores.accessibility),
        score(scores['best-practices']),
        score(scores.seo),
        `${(lcpMs / 1000).toFixed(2)} s`,
        `${Math.round(tbtMs)} ms`,
        cls.toFixed(3),
        page.lcpOverLimit === null ? '–' : page.lcpOverLimit.toFixed(2),
        `${Math.round(mainThreadMs)} ms`,
      ),
    );
  }
  console.log(
    `  goals: performance ≥ ${GOALS.performance * 100}, accessibility, best practices and SEO ${GOALS.otherCategories * 100}, LCP ≤ ${GOALS.lcpMs / 1000} s, TBT ≤ ${GOALS.tbtMs} ms, CLS < ${GOALS.cls}, LCP ÷ limit ≤ ${GOALS.lcpOverLimit}${result.original ? "; performance and TBT at least as good as the original client's" : ''}`,
  );
  const missed = verdicts(result).filter((verdict) => !verdict.met);
  console.log(missed.length === 0 ? '  every goal met' : `  missed: ${missed.map(({ page, check }) => `${page}: ${check}`).join('; ')}`);
  for (const page of everyPage) {
    const failing = failingAudits(page);
    if (failing.length > 0)
      console.log(`\n  ${page.name}${page.client === 'original' ? ' (original)' : ''} (${page.path}), audits not passed:\n    ${failing.join('\n    ')}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { runs: { type: 'string' }, original: { type: 'string' } } });
  printLighthouseReport(await measureLighthouse({ runs: values.runs ? Number(values.runs) : undefined, originalClient: values.original }));
}
