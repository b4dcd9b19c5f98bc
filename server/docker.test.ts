import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../bench/support/server';

/**
 * The Dockerfile, checked as far as this machine allows: what it copies exists, the runtime stage's files are enough
 * for the server to start with the image's own command and settings, its health check passes against that server, and
 * SIGTERM stops it cleanly. Building and running the image itself needs a container engine: where `docker info` finds
 * none, that one test is skipped and says why.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
/** Instructions with their continuation lines joined. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
const [buildStage, runStage] = dockerfile
  .split(/^FROM /m)
  .slice(1)
  .map((stage) => instructions.filter((line) => stage.replace(/\\\n/g, ' ').includes(line)));
const execForm = (line: string | undefined) => JSON.parse(line!.replace(/^(CMD|HEALTHCHECK .*?CMD)\s+/, '')) as string[];
const runtimeEnv = Object.fromEntries(
  runStage!
    .filter((line) => line.startsWith('ENV '))
    .flatMap((line) => line.slice(4).split(/\s+/))
    .map((pair) => pair.split('=') as [string, string]),
);
const copiedFromBuild = runStage!
  .filter((line) => line.startsWith('COPY --from=build '))
  .map((line) => {
    const [source, target] = line.split(/\s+/).slice(2);
    return { source: source!.replace(/^\/app\//, ''), target: target!.replace(/^\.\//, '') };
  });

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function engineAvailable(): boolean {
  return spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0;
}

describe('the Dockerfile', () => {
  it('builds in one stage and runs as an unprivileged user with DATA_DIR a volume, a health check and node as PID 1', () => {
    expect(buildStage!.some((line) => line === 'RUN npm run build && npm prune --omit=dev --ignore-scripts')).toBe(true);
    expect(runStage).toContain('USER node');
    expect(runtimeEnv).toMatchObject({ DATA_DIR: '/data', HOST: '0.0.0.0' });
    expect(runStage).toContain('VOLUME ["/data"]');
    expect(execForm(runStage!.find((line) => line.startsWith('CMD ')))).toEqual(['node', 'dist/.node/server/main.js']);
    expect(runStage!.find((line) => line.startsWith('HEALTHCHECK '))).toContain('/api/health');
  });

  it('copies only what exists: the build context’s files, and from the build stage what its build makes or keeps', () => {
    for (const line of buildStage!.filter((l) => l.startsWith('COPY '))) {
      for (const source of line.split(/\s+/).slice(1, -1)) expect(existsSync(join(root, source)), source).toBe(true);
    }
    for (const { source } of copiedFromBuild) {
      // dist/ is what `npm run build` makes in the build stage; the rest comes from the build context.
      if (source !== 'dist') expect(existsSync(join(root, source)), source).toBe(true);
    }
  });

  it('starts from the runtime stage’s files alone with the image’s command, passes its health check, and stops on SIGTERM', async () => {
    const app = mkdtempSync(join(tmpdir(), 'haat-image-'));
    const dataDir = mkdtempSync(join(tmpdir(), 'haat-image-data-'));
    dirs.push(app, dataDir);
    for (const { source, target } of copiedFromBuild) {
      if (source === 'node_modules') symlinkSync(join(root, 'node_modules'), join(app, target));
      else if (existsSync(join(root, source)))
        cpSync(join(root, source), join(app, target), { recursive: true, filter: (path) => !/\.test\.tsx?$/.test(path) });
    }
    // The server's JavaScript as the build stage makes it, from these sources (the web app may be an older build, or none).
    execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'build-server.ts'), '--out-dir', join(app, 'dist', '.node')], {
      cwd: root,
      stdio: 'inherit',
    });
    const port = String(await freePort());
    const env = {
      ...process.env,
      ...runtimeEnv,
      HOST: '127.0.0.1',
      PORT: port,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'image-admin-password',
    };
    const [command, ...args] = execForm(runStage!.find((line) => line.startsWith('CMD ')));
    const server = spawn(command!, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    try {
      const [check, ...checkArgs] = execForm(runStage!.find((line) => line.startsWith('HEALTHCHECK ')));
      const deadline = Date.now() + 90_000;
      while (spawnSync(check!, checkArgs, { env }).status !== 0) {
        if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not become healthy: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
      expect(ready.status).toBe(200);
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
    }
  }, 120_000);

  const engine = engineAvailable();
  if (!engine) console.warn('No container engine answers `docker info` here: the image build-and-run test is skipped.');
  it.runIf(engine)(
    'builds the image, runs it until healthy, and stops it cleanly (needs a container engine)',
    async () => {
      const tag = `haat-test:${process.pid}`;
      execFileSync('docker', ['build', '-t', tag, root], { stdio: 'inherit' });
      const id = execFileSync('docker', ['run', '-d', '-e', 'ADMIN_PASSWORD=image-admin-password', tag]).toString().trim();
      try {
        const health = () => execFileSync('docker', ['inspect', '--format', '{{.State.Health.Status}}', id]).toString().trim();
        const deadline = Date.now() + 180_000;
        while (health() !== 'healthy') {
          if (Date.now() > deadline) throw new Error(`the container is ${health()}`);
          await new Promise((resolve) => setTimeout(resolve, 2_000));
        }
        execFileSync('docker', ['stop', id]);
        expect(execFileSync('docker', ['inspect', '--format', '{{.State.ExitCode}}', id]).toString().trim()).toBe('0');
      } finally {
        spawnSync('docker', ['rm', '-f', id]);
        spawnSync('docker', ['rmi', tag]);
      }
    },
    600_000,
  );
});
