import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { SERVER_MAIN } from './bench/support/server';
import { chromiumLaunchOptions, E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT, E2E_SERVER_ENV, WEB_ROOT } from './e2e/support/env';

// The tests run against the production build; building here would hide a stale or broken `npm run build`.
for (const built of [join(WEB_ROOT, 'index.html'), SERVER_MAIN]) {
  if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` before \`npm run test:e2e\`.`);
}

const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  forbidOnly: CI,
  workers: 2,
  retries: CI ? 1 : 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node --import tsx e2e/support/serve.ts',
    url: `${E2E_BASE_URL}/api/config`,
    reuseExistingServer: false,
    timeout: 90_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: E2E_BASE_URL,
      DATA_DIR: E2E_DATA_DIR,
      // Always PGlite, whatever the developer's shell exports.
      DATABASE_URL: '',
      ...E2E_SERVER_ENV,
    },
  },
});
