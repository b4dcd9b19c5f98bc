import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/env';
import { firstProductId } from './support/demo-shop';
import { startBuiltServer } from './support/server';
import { median } from './support/stats';
import { warmUp } from './support/warm-up';

/**
 * The browser's main thread while a first visit starts: each page opened in a fresh profile on a 360 × 640 phone
 * screen, traced through the Chrome DevTools Protocol at the machine's own speed (1× CPU), until the network has been
 * quiet for a while. Reported: the long tasks (over 50 ms, each with the scripts it ran longest), and the time spent in
 * script evaluation, in React's hydration and rendering, and in style and layout, and the renderer's synchronous font
 * lookups in the browser process (on Linux each family, font size and fallback a page draws is one; a layout waits on
 * them for as long as the browser process is busy, which is why its wall time can be many times its CPU time).
 */

export const LONG_TASK_MS = 50;
/** The renderer's synchronous calls to the browser process for fonts: a family by name, a size's settings, a character's fallback. */
const FONT_LOOKUPS = [
  'FontDataService::MatchFamilyName',
  'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike',
  'WebSandboxSupportLinux::GetFallbackFontForCharacter',
];
const PHONE = { width: 360, height: 640, deviceScaleFactor: 2 };

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string } };
};

export type MainThreadRun = {
  /** Tasks longer than LONG_TASK_MS, in ms, longest first, with the scripts (and the browser's own work) that made them up. */
  longTasks: { ms: number; scripts: string[] }[];
  /** All task time on the main thread, and the part over 50 ms of each task (the blocking part, as TBT counts it). */
  taskMs: number;
  blockingMs: number;
  scriptEvaluationMs: number;
  styleAndLayoutMs: number;
  fontLookups: number;
  fontLookupMs: number;
};
export type MainThreadPage = { name: string; path: string; runs: MainThreadRun[]; median: { longestTaskMs: number; blockingMs: number; taskMs: number } };

/** The page's renderer main thread: of the renderer main threads traced (a blank page has one too), the busiest. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } | null {
  const mains = events.filter((event) => event.name === 'thread_name' && (event.args as { name?: string } | undefined)?.name === 'CrRendererMain');
  const tasksOf = ({ pid, tid }: TraceEvent) => events.filter((event) => event.pid === pid && event.tid === tid && event.name === 'RunTask').length;
  const busiest = mains.sort((a, b) => tasksOf(b) - tasksOf(a))[0];
  return busiest ? { pid: busiest.pid, tid: busiest.tid } : null;
}

function summarize(events: TraceEvent[]): MainThreadRun {
  const main = mainThread(events);
  const onMain = events.filter((event) => main && event.pid === main.pid && event.tid === main.tid && event.ph === 'X');
  const tasks = onMain.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > 0);
  const ms = (event: TraceEvent) => (event.dur ?? 0) / 1000;
  const within = (task: TraceEvent, event: TraceEvent) => event.ts >= task.ts && event.ts + (event.dur ?? 0) <= task.ts + (task.dur ?? 0);
  const scriptEvents = onMain.filter(
    (event) => ['EvaluateScript', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall'].includes(event.name) && event.args?.data?.url,
  );
  const browserWork = onMain.filter((event) =>
    ['ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'HitTest', 'MajorGC', 'MinorGC', 'v8.compile'].includes(event.name),
  );
  const longTasks = tasks
    .filter((task) => ms(task) > LONG_TASK_MS)
    .sort((a, b) => ms(b) - ms(a))
    .map((task) => {
      const byScript = new Map<string, number>();
      for (const event of scriptEvents.filter((candidate) => within(task, candidate))) {
        const url = event.args?.data?.url ?? '';
        const name = url ? new URL(url).pathname : event.name;
        byScript.set(name, (byScript.get(name) ?? 0) + ms(event));
      }
      for (const event of browserWork.filter((candidate) => within(task, candidate))) byScript.set(event.name, (byScript.get(event.name) ?? 0) + ms(event));
      const scripts = [...byScript]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([name, spent]) => `${name} ${Math.round(spent)} ms`);
      return { ms: Math.round(ms(task)), scripts };
    });
  const sum = (list: TraceEvent[]) => Math.round(list.reduce((total, event) => total + ms(event), 0));
  return {
    longTasks,
    taskMs: sum(tasks),
    blockingMs: Math.round(tasks.reduce((total, task) => total + Math.max(0, ms(task) - LONG_TASK_MS), 0)),
    scriptEvaluationMs: sum(onMain.filter((event) => ['EvaluateScript', 'v8.compileModule', 'v8.evaluateModule'].includes(event.name))),
    styleAndLayoutMs: sum(onMain.filter((event) => event.name === 'UpdateLayoutTree' || event.name === 'Layout')),
    fontLookups: onMain.filter((event) => FONT_LOOKUPS.includes(event.name)).length,
    fontLookupMs: sum(onMain.filter((event) => FONT_LOOKUPS.includes(event.name))),
  };
}

async function trace(browser: Browser, url: string): Promise<MainThreadRun> {
  const context = await browser.newContext({
    viewport: { width: PHONE.width, height: PHONE.height },
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  // The service worker's precache download is not the page's start-up work.
  await context.route('**/sw.js', (route) => route.abort());
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8,fonts,mojom', transferMode: 'ReportEvents' });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    await cdp.send('Tracing.end');
    await done;
    return summarize(events);
  } finally {
    await context.close();
  }
}

export async function measureMainThread({ runs = 3 }: { runs?: number } = {}): Promise<MainThreadPage[]> {
  const server = await startBuiltServer();
  try {
    const productId = await firstProductId(server.baseUrl);
    const targets = [
      { name: 'home', path: '/' },
      { name: 'listing', path: '/products' },
      { name: 'product', path: `/products/${productId}` },
    ];
    await warmUp(
      targets.map(({ path }) => `${server.baseUrl}${path}`),
      PHONE,
    );
    const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
    try {
      const pages: MainThreadPage[] = [];
      for (const { name, path } of targets) {
        const pageRuns: MainThreadRun[] = [];
        for (let run = 0; run < runs; run += 1) pageRuns.push(await trace(browser, `${server.baseUrl}${path}`));
        pages.push({
          name,
          path,
          runs: pageRuns,
          median: {
            longestTaskMs: median(pageRuns.map((run) => run.longTasks[0]?.ms ?? 0)) ?? 0,
            blockingMs: median(pageRuns.map((run) => run.blockingMs)) ?? 0,
            taskMs: median(pageRuns.map((run) => run.taskMs)) ?? 0,
          },
        });
      }
      return pages;
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

export function printMainThreadReport(pages: MainThreadPage[]) {
  console.log(`Main thread of a first visit at 1× CPU, 360×640 phone, median of ${pages[0]?.runs.length ?? 0} runs:`);
  const line = (...cells: string[]) =>
    `  ${cells[0]!.padEnd(9)}${cells
      .slice(1)
      .map((cell) => cell.padStart(14))
      .join('')}`;
  console.log(line('page', 'longest task', 'blocking', 'all tasks'));
  for (const { name, median: m } of pages) console.log(line(name, `${m.longestTaskMs} ms`, `${m.blockingMs} ms`, `${m.taskMs} ms`));
  console.log(`  goal: no task over ${LONG_TASK_MS} ms`);
  for (const page of pages) {
    page.runs.forEach((run, i) => {
      for (const task of run.longTasks) console.log(`  ${page.name} run ${i + 1}: a ${task.ms} ms task — ${task.scripts.join(', ') || 'no script'}`);
      const fonts = `font lookups ${run.fontLookups} (${run.fontLookupMs} ms waiting)`;
      console.log(`  ${page.name} run ${i + 1}: script evaluation ${run.scriptEvaluationMs} ms, style and layout ${run.styleAndLayoutMs} ms, ${fonts}`);
    });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { runs: { type: 'string' } } });
  printMainThreadReport(await measureMainThread({ runs: values.runs ? Number(values.runs) : undefined }));
}
