import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, ROOT, SERVER_MAIN } from './support/server';
import { median } from './support/stats';

/**
 * How long the server takes from its process starting to `/api/ready` answering 200 (database open and migrated, the
 * admin ensured, listening), on a database the first start already seeded: as production runs it, the build's
 * JavaScript, and as `npm run dev` and the tests run it, the sources compiled by tsx as they load.
 * `node --import tsx bench/server-start.ts [--runs N]`.
 */
const FORMS = {
  'built JavaScript (npm start, the image)': [SERVER_MAIN],
  'sources through tsx (npm run dev, tests)': ['--import', 'tsx', 'server/main.ts'],
} as const;

type Form = keyof typeof FORMS;
export type ServerStartResult = { node: string; runs: number; startMs: Record<Form, { median: number; min: number; max: number }> };

async function timeStart(args: readonly string[], dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_PASSWORD: 'bench-admin-password',
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was ready`);
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) return performance.now() - started;
      if (performance.now() - started > 300_000) throw new Error('the server was not ready within 300 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

export async function measureServerStart(runs = 5): Promise<ServerStartResult> {
  if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run \`npm run build\` first.`);
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-start-'));
  const times = Object.fromEntries(Object.keys(FORMS).map((form) => [form, [] as number[]])) as Record<Form, number[]>;
  try {
    // The first start migrates and seeds; every measured one opens that database.
    await timeStart(FORMS['built JavaScript (npm start, the image)'], dataDir);
    // In turns, so a busier moment of the machine falls on both forms alike.
    for (let run = 0; run < runs; run++) {
      for (const [form, args] of Object.entries(FORMS) as [Form, readonly string[]][]) times[form].push(await timeStart(args, dataDir));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const summary = (values: number[]) => ({ median: median(values)!, min: Math.min(...values), max: Math.max(...values) });
  return {
    node: process.version,
    runs,
    startMs: Object.fromEntries(Object.entries(times).map(([form, values]) => [form, summary(values)])) as ServerStartResult['startMs'],
  };
}

export function printServerStartReport(result: ServerStartResult): void {
  console.log(`Server start to /api/ready on Node ${result.node}, ${result.runs} runs each:`);
  for (const [form, { median: mid, min, max }] of Object.entries(result.startMs)) {
    console.log(`  ${form}: median ${Math.round(mid)} ms (${Math.round(min)}–${Math.round(max)} ms)`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
  printServerStartReport(await measureServerStart(Number(values.runs)));
}
