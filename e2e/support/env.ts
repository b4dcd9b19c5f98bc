import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the end-to-end server listens and keeps its data; specs read the outbox from E2E_DATA_DIR. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The build under test: dist/, or WEB_ROOT when set (the server reads the same variable). */
export const WEB_ROOT = process.env.WEB_ROOT ? resolve(process.env.WEB_ROOT) : join(ROOT, 'dist');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
// Outside test-results (which Playwright empties at the start of a run), one folder per port so runs side by side do not share a database.
export const E2E_DATA_DIR = join(tmpdir(), `haat-e2e-${E2E_PORT}`);

/** Seeded when the database is empty (see server/seed). */
export const DEMO_CUSTOMER = { email: 'customer@haat.local', password: 'customer123' } as const;
/** Created at start through ADMIN_EMAIL / ADMIN_PASSWORD in the webServer environment. */
export const ADMIN = { email: 'admin@haat.local', password: 'admin-e2e-password' } as const;

/** System Chromium when present (Playwright's own browsers cannot be downloaded on these machines). */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumLaunchOptions = {
  executablePath: existsSync(chromiumPath) ? chromiumPath : undefined,
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'],
};

/** The settings of every server the end-to-end tests start: PGlite, the outbox and the sandbox gateway, whatever the shell exports. */
export const E2E_SERVER_ENV = {
  SMTP_URL: '',
  SMS_API_URL: '',
  GOOGLE_CLIENT_ID: '',
  PAYMENT_PROVIDER: 'sandbox',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  AUTH_RATE_LIMIT: '1000',
  // Every spec's checkout types the same phone number, whose cash orders may wait for confirmation side by side; the
  // cap per number has its own API tests.
  CASH_UNCONFIRMED_PER_PHONE: '100',
  ACCOUNT_MESSAGES_PER_HOUR: '1000',
  LOG_LEVEL: 'warn',
  // The machines that run the tests are shared: a page rendered a little late is still the page under test.
  RENDER_TIMEOUT_MS: '5000',
  // Push subscriptions to the spec's own push service on 127.0.0.1 (e2e/push.spec.ts).
  PUSH_ALLOW_LOOPBACK: 'true',
};
