import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { PROJECT_ROOT } from './lib/project-root';
import { courierProviders } from '../contract/courier';
import { CASH_CONFIRMATION_HOURS } from '../contract/orders';
import { RETURN_WINDOW_DAYS } from '../contract/returns';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

/**
 * Reads `file` (the project root's `.env`) when it exists, setting each variable the environment does not already
 * have: the real environment wins, so a deployment can override any line of it.
 */
export function loadEnvFile(env: NodeJS.ProcessEnv = process.env, file = join(PROJECT_ROOT, '.env')): void {
  if (!existsSync(file)) return;
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (env[name] === undefined && value !== undefined) env[name] = value;
  }
}

/** A configuration the server cannot start with; its message says what to set. */
export class ConfigError extends Error {}

/** Every environment variable the server reads, parsed once. The README lists them with their defaults. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  REDIS_URL: optionalString,
  PUBLIC_URL: optionalString,
  JWT_SECRET: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('haat <no-reply@haat.local>'),
  SMS_API_URL: optionalString,
  SMS_API_KEY: optionalString,
  SMS_SENDER_ID: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  PAYMENT_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'sslcommerz']).optional()),
  SSLCZ_STORE_ID: optionalString,
  SSLCZ_STORE_PASSWORD: optionalString,
  SSLCZ_BASE_URL: z.string().default('https://sandbox.sslcommerz.com'),
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  ACCOUNT_MESSAGES_PER_HOUR: z.coerce.number().int().positive().default(10),
  TRUST_PROXY: optionalString,
  LIST_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
  FONT_RECUT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(600).default(5),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(600).default(8),
  IMAGE_CACHE_MB: z.coerce.number().positive().default(512),
  IMAGE_CACHE_DIR: optionalString,
  // Uploaded originals: the local folder (one process), or an S3-compatible bucket every process shares
  // (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces; docs/operations.md says what to set for each).
  MEDIA_STORAGE: z.preprocess(emptyToUndefined, z.enum(['local', 's3']).default('local')),
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  ORDER_HOUSEKEEPING_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  CASH_CONFIRMATION: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
  CASH_CONFIRMATION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(CASH_CONFIRMATION_HOURS),
  CASH_UNCONFIRMED_PER_PHONE: z.coerce.number().int().min(1).max(100).default(3),
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(0).max(90).default(RETURN_WINDOW_DAYS),
  OWNER_ORDER_ALERTS: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
  MORNING_SUMMARY_TIME: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'MORNING_SUMMARY_TIME must be a Dhaka time HH:MM (24-hour) or off')
      .default('08:00'),
  ),
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString,
  PUSH_ALLOW_LOOPBACK: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  PUSH_SERVICE_HOSTS: optionalString,
  COURIER_PROVIDER: z.preprocess(emptyToUndefined, z.enum(courierProviders).default('sandbox')),
  COURIER_ALLOW_LOOPBACK: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  STEADFAST_BASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).default('https://portal.packzy.com/api/v1')),
  STEADFAST_API_KEY: optionalString,
  STEADFAST_SECRET_KEY: optionalString,
  STEADFAST_WEBHOOK_TOKEN: optionalString,
  PATHAO_BASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).default('https://api-hermes.pathao.com')),
  PATHAO_CLIENT_ID: optionalString,
  PATHAO_CLIENT_SECRET: optionalString,
  PATHAO_USERNAME: optionalString,
  PATHAO_PASSWORD: optionalString,
  PATHAO_STORE_ID: optionalString,
  PATHAO_WEBHOOK_SECRET: optionalString,
  PATHAO_INTEGRATION_SECRET: z.preprocess(emptyToUndefined, z.string().default('f3992ecc-59da-4cbe-a049-a13da2018d51')),
  REDX_BASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).default('https://openapi.redx.com.bd/v1.0.0-beta')),
  REDX_ACCESS_TOKEN: optionalString,
  REDX_WEBHOOK_TOKEN: optionalString,
});

/**
 * The courier parcels are booked with, and its credentials: each real courier's base URL, what its merchant API
 * asks for, and the secret its webhooks carry.
 */
export type CourierConfig =
  | { provider: 'sandbox' }
  | { provider: 'steadfast'; baseUrl: string; apiKey: string; secretKey: string; webhookToken: string }
  | {
      provider: 'pathao';
      baseUrl: string;
      clientId: string;
      clientSecret: string;
      username: string;
      password: string;
      storeId: string;
      webhookSecret: string;
      /** What Pathao checks the shop answers its integration call with (shown on its webhook page). */
      integrationSecret: string;
    }
  | { provider: 'redx'; baseUrl: string; accessToken: string; webhookToken: string };

/** How cash orders from numbers without a delivered order wait for their confirmation. */
export type CashConfirmationSettings = {
  /** Off: every cash order goes to the shop's queue at once. */
  enabled: boolean;
  /** How long an order waits for its confirmation before it is cancelled and its stock returned. */
  waitMs: number;
  /** Unconfirmed cash orders one phone number may hold at once. */
  perPhone: number;
};

/** An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces …) holding the uploaded originals. */
export type S3StorageConfig = {
  driver: 's3';
  bucket: string;
  region: string;
  /** The service's address; unset: AWS S3 itself. */
  endpoint: string | undefined;
  /** Unset: the AWS SDK's own chain (AWS_* variables, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `host/bucket/key` addresses instead of `bucket.host/key` (MinIO and most self-hosted services need them). */
  forcePathStyle: boolean;
};

/** Where uploaded originals live: a folder on this machine (one server process), or a bucket every process shares. */
export type MediaStorageConfig = { driver: 'local'; dir: string } | S3StorageConfig;

/** The local driver's folder of originals, and below it the default variant cache. */
export const mediaDir = (dataDir: string) => join(dataDir, 'media');

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Redis, where per-client rate limits count when several processes serve the shop. */
  redisUrl: string | undefined;
  publicUrl: string;
  /** Signs access tokens and keys the hashes of codes and links: JWT_SECRET, else the one the database keeps for every process. */
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
  /** Verification links and codes (sign-up, password reset, email or phone change) one client address may ask for in an hour. */
  accountMessagesPerHour: number;
  /** Which proxies may tell the client address (X-Forwarded-For); rate limits count by that address. */
  trustProxy: boolean | string;
  /** How long a product list answer may be reused; writes through this server clear it at once. */
  listCacheSeconds: number;
  /** How long the server may take to render a page before it answers the shell instead. */
  renderTimeoutMs: number;
  /** How long a page rendered for an anonymous visitor is reused for that visitor's address; any catalogue write drops it. */
  pageCacheSeconds: number;
  /** How often, at most, the shop's Bangla webfont looks whether the shop's words changed since its last cut. */
  fontRecutMs: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** On SIGTERM, how long the server goes on serving (answering /api/ready 503) so a load balancer stops sending first. */
  shutdownDrainMs: number;
  /** Then, how long requests in flight may take before their connections are closed and the process exits. */
  shutdownTimeoutMs: number;
  /** Disk the resized image variants may take; the least recently used go first. */
  imageCacheBytes: number;
  /** This process's own folder of resized variants (rebuilt from the originals whenever missing). */
  imageCacheDir: string;
  mediaStorage: MediaStorageConfig;
  /** How often unpaid online orders are released, left-behind refunds retried and customer messages still due sent, by one process of all; 0: never (tests run it by hand). */
  orderHousekeepingMs: number;
  cashConfirmation: CashConfirmationSettings;
  /** Days after delivery within which a customer may ask to return an order; 0: no returns. */
  returnWindowDays: number;
  /** Whether admins and sellers are told of new orders (each can still turn it off for their account). */
  ownerOrderAlerts: boolean;
  /** The Dhaka minute of the day (0–1439) from which the day's morning summary goes to the admins; null: never. */
  morningSummaryMinute: number | null;
  courier: CourierConfig & {
    /** Tests only: a courier's base URL may be http://127.0.0.1 (a courier the test runs itself). */
    allowLoopback: boolean;
  };
  /** The bearer token `GET /api/metrics` answers to; unset, the route answers 404. */
  metricsToken: string | undefined;
  push: {
    /** The shop's VAPID key pair (base64url; VAPID_* or the database's) and the contact push services may reach the shop at (`mailto:` or `https:`). */
    vapid: VapidDetails;
    /** Tests only: subscriptions may point at http://127.0.0.1 (a push service the test runs itself). */
    allowLoopback: boolean;
    /** The hosts a subscription's endpoint may name: `host`, or `*.domain` for any host below it. */
    serviceHosts: string[];
  };
};

export type VapidKeys = { publicKey: string; privateKey: string };
export type VapidDetails = VapidKeys & { subject: string };

/**
 * The configuration as the environment gives it. The signing secret and the VAPID pair may be unset there: every
 * process on one database then shares the ones kept in it (`withServerSecrets` makes the `Config`).
 */
export type ConfigFromEnv = Omit<Config, 'jwtSecret' | 'push'> & {
  jwtSecret: string | undefined;
  push: Omit<Config['push'], 'vapid'> & { vapidKeys: VapidKeys | undefined; vapidSubject: string };
};

/** An uncompressed P-256 public key (65 bytes) and its private scalar (32 bytes), base64url without padding. */
const VAPID_PUBLIC_KEY_PATTERN = /^[A-Za-z0-9_-]{87}$/;
const VAPID_PRIVATE_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The VAPID key pair from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both or neither); unset, the shop shares one pair
 * through the database (`withServerSecrets`).
 */
function configuredVapidKeys(publicKey: string | undefined, privateKey: string | undefined): VapidKeys | undefined {
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey) throw new ConfigError('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (the shop then makes its own pair).');
  if (!VAPID_PUBLIC_KEY_PATTERN.test(publicKey) || !VAPID_PRIVATE_KEY_PATTERN.test(privateKey)) {
    throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be a P-256 key pair in base64url, as `npx web-push generate-vapid-keys` prints them.');
  }
  return { publicKey, privateKey };
}

/** Push services may write to the shop about its messages: an https PUBLIC_URL, else the address MAIL_FROM sends from. */
function vapidSubject(chosen: string | undefined, publicUrl: string, mailFrom: string): string {
  const subject = chosen ?? (publicUrl.startsWith('https://') ? publicUrl : `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()}`);
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) throw new ConfigError('VAPID_SUBJECT must be a mailto: address or an https: URL.');
  return subject;
}

/** The push services of Chrome and Edge (FCM), Firefox (Mozilla), Windows (WNS) and Safari (Apple). */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  '*.push.apple.com',
];

/** A host name, or `*.` and a domain of at least two labels: what PUSH_SERVICE_HOSTS may add. */
const PUSH_SERVICE_HOST_PATTERN = /^(\*\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]([a-z0-9-]*[a-z0-9])?$/;

function pushServiceHosts(extra: string | undefined): string[] {
  const added = (extra ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  const wrong = added.find((host) => !PUSH_SERVICE_HOST_PATTERN.test(host));
  if (wrong)
    throw new ConfigError(`PUSH_SERVICE_HOSTS: "${wrong}" is not a host name or *.domain (a comma-separated list, e.g. push.example.com,*.push.example.net).`);
  return [...PUSH_SERVICE_HOSTS, ...added];
}

/** Unset: trust nobody, so a client cannot pick its own address. 'true', or a comma-separated list of proxy addresses/CIDRs. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

/**
 * The sandbox gateway takes no money: it is the default only on a local (http) address. A shop on https is live, so
 * taking orders through the sandbox there must be asked for by name.
 */
function paymentProvider(chosen: 'sandbox' | 'sslcommerz' | undefined, publicUrl: string): 'sandbox' | 'sslcommerz' {
  if (chosen) return chosen;
  if (publicUrl.startsWith('https://')) {
    throw new ConfigError(
      'PUBLIC_URL is https (a live shop) but PAYMENT_PROVIDER is not set: set PAYMENT_PROVIDER=sslcommerz with the store credentials, or PAYMENT_PROVIDER=sandbox to take test payments only.',
    );
  }
  return 'sandbox';
}

/** The configured courier with every credential it needs; a missing one is named. */
function courierConfig(e: z.infer<typeof envSchema>): CourierConfig {
  const required = (names: (keyof typeof e)[]) => {
    const missing = names.filter((name) => !e[name]);
    if (missing.length) throw new ConfigError(`COURIER_PROVIDER=${e.COURIER_PROVIDER} needs ${missing.join(', ')}.`);
  };
  const base = (url: string) => url.replace(/\/$/, '');
  switch (e.COURIER_PROVIDER) {
    case 'sandbox':
      return { provider: 'sandbox' };
    case 'steadfast':
      required(['STEADFAST_API_KEY', 'STEADFAST_SECRET_KEY', 'STEADFAST_WEBHOOK_TOKEN']);
      return {
        provider: 'steadfast',
        baseUrl: base(e.STEADFAST_BASE_URL),
        apiKey: e.STEADFAST_API_KEY!,
        secretKey: e.STEADFAST_SECRET_KEY!,
        webhookToken: e.STEADFAST_WEBHOOK_TOKEN!,
      };
    case 'pathao':
      required(['PATHAO_CLIENT_ID', 'PATHAO_CLIENT_SECRET', 'PATHAO_USERNAME', 'PATHAO_PASSWORD', 'PATHAO_STORE_ID', 'PATHAO_WEBHOOK_SECRET']);
      return {
        provider: 'pathao',
        baseUrl: base(e.PATHAO_BASE_URL),
        clientId: e.PATHAO_CLIENT_ID!,
        clientSecret: e.PATHAO_CLIENT_SECRET!,
        username: e.PATHAO_USERNAME!,
        password: e.PATHAO_PASSWORD!,
        storeId: e.PATHAO_STORE_ID!,
        webhookSecret: e.PATHAO_WEBHOOK_SECRET!,
        integrationSecret: e.PATHAO_INTEGRATION_SECRET,
      };
    case 'redx':
      required(['REDX_ACCESS_TOKEN', 'REDX_WEBHOOK_TOKEN']);
      return { provider: 'redx', baseUrl: base(e.REDX_BASE_URL), accessToken: e.REDX_ACCESS_TOKEN!, webhookToken: e.REDX_WEBHOOK_TOKEN! };
  }
}

function mediaStorage(e: z.infer<typeof envSchema>, dataDir: string): MediaStorageConfig {
  if (e.MEDIA_STORAGE === 'local') return { driver: 'local', dir: mediaDir(dataDir) };
  if (!e.S3_BUCKET) throw new ConfigError('MEDIA_STORAGE is s3 but S3_BUCKET is not set: name the bucket that holds the uploaded images.');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the AWS SDK then finds credentials itself: AWS_* variables, an instance or task role).',
    );
  }
  return {
    driver: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** The names of every variable `loadConfig` reads (README.md and .env.example list each one). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ConfigFromEnv {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const displayHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  const publicUrl = (e.PUBLIC_URL ?? `http://${displayHost}:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sms: e.SMS_API_URL && e.SMS_API_KEY ? { apiUrl: e.SMS_API_URL, apiKey: e.SMS_API_KEY, senderId: e.SMS_SENDER_ID ?? 'haat' } : undefined,
    googleClientId: e.GOOGLE_CLIENT_ID,
    payment: {
      provider: paymentProvider(e.PAYMENT_PROVIDER, publicUrl),
      storeId: e.SSLCZ_STORE_ID,
      storePassword: e.SSLCZ_STORE_PASSWORD,
      baseUrl: e.SSLCZ_BASE_URL.replace(/\/$/, ''),
    },
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    authRateLimit: e.AUTH_RATE_LIMIT,
    accountMessagesPerHour: e.ACCOUNT_MESSAGES_PER_HOUR,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    listCacheSeconds: e.LIST_CACHE_SECONDS,
    renderTimeoutMs: e.RENDER_TIMEOUT_MS,
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    fontRecutMs: e.FONT_RECUT_SECONDS * 1000,
    logLevel: e.LOG_LEVEL,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    imageCacheBytes: Math.round(e.IMAGE_CACHE_MB * 1024 * 1024),
    imageCacheDir: resolve(e.IMAGE_CACHE_DIR ?? join(mediaDir(dataDir), 'cache')),
    mediaStorage: mediaStorage(e, dataDir),
    orderHousekeepingMs: e.ORDER_HOUSEKEEPING_SECONDS * 1000,
    cashConfirmation: {
      enabled: e.CASH_CONFIRMATION === 'on',
      waitMs: e.CASH_CONFIRMATION_HOURS * 60 * 60 * 1000,
      perPhone: e.CASH_UNCONFIRMED_PER_PHONE,
    },
    returnWindowDays: e.RETURN_WINDOW_DAYS,
    ownerOrderAlerts: e.OWNER_ORDER_ALERTS === 'on',
    morningSummaryMinute: e.MORNING_SUMMARY_TIME === 'off' ? null : Number(e.MORNING_SUMMARY_TIME.slice(0, 2)) * 60 + Number(e.MORNING_SUMMARY_TIME.slice(3)),
    courier: { ...courierConfig(e), allowLoopback: e.COURIER_ALLOW_LOOPBACK === 'true' },
    metricsToken: e.METRICS_TOKEN,
    push: {
      vapidKeys: configuredVapidKeys(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY),
      vapidSubject: vapidSubject(e.VAPID_SUBJECT, publicUrl, e.MAIL_FROM),
      allowLoopback: e.PUSH_ALLOW_LOOPBACK === 'true',
      serviceHosts: pushServiceHosts(e.PUSH_SERVICE_HOSTS),
    },
  };
}
