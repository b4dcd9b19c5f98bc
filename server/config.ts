import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

/** Every environment variable the server reads, parsed once. The README lists them with their defaults. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  PUBLIC_URL: optionalString,
  JWT_SECRET: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('haat <no-reply@haat.local>'),
  SMS_API_URL: optionalString,
  SMS_API_KEY: optionalString,
  SMS_SENDER_ID: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  PAYMENT_PROVIDER: z.enum(['sandbox', 'sslcommerz']).default('sandbox'),
  SSLCZ_STORE_ID: optionalString,
  SSLCZ_STORE_PASSWORD: optionalString,
  SSLCZ_BASE_URL: z.string().default('https://sandbox.sslcommerz.com'),
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  TRUST_PROXY: optionalString,
  LIST_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  sms: { apiUrl: string; apiKey: string; senderId: string } | undefined;
  googleClientId: string | undefined;
  payment: {
    provider: 'sandbox' | 'sslcommerz';
    storeId: string | undefined;
    storePassword: string | undefined;
    baseUrl: string;
  };
  admin: { email: string | undefined; password: string | undefined };
  /** Requests per minute and client address allowed on each sign-in, registration and OTP call. */
  authRateLimit: number;
  /** Which proxies may tell the client address (X-Forwarded-For); rate limits count by that address. */
  trustProxy: boolean | string;
  /** How long a product list answer may be reused; writes through this server clear it at once. */
  listCacheSeconds: number;
  /** How long the server may take to render a page before it answers the shell instead. */
  renderTimeoutMs: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
};

/** The signing secret: from JWT_SECRET, else generated once and kept in DATA_DIR so sessions survive restarts. */
function loadJwtSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = resolve(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** Unset: trust nobody, so a client cannot pick its own address. 'true', or a comma-separated list of proxy addresses/CIDRs. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const displayHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://${displayHost}:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: loadJwtSecret(dataDir, e.JWT_SECRET),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sms:
      e.SMS_API_URL && e.SMS_API_KEY
        ? { apiUrl: e.SMS_API_URL, apiKey: e.SMS_API_KEY, senderId: e.SMS_SENDER_ID ?? 'haat' }
        : undefined,
    googleClientId: e.GOOGLE_CLIENT_ID,
    payment: {
      provider: e.PAYMENT_PROVIDER,
      storeId: e.SSLCZ_STORE_ID,
      storePassword: e.SSLCZ_STORE_PASSWORD,
      baseUrl: e.SSLCZ_BASE_URL.replace(/\/$/, ''),
    },
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    authRateLimit: e.AUTH_RATE_LIMIT,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    listCacheSeconds: e.LIST_CACHE_SECONDS,
    renderTimeoutMs: e.RENDER_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
  };
}
