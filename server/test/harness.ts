import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { pgErrorCode } from '../db/pg-errors';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { PublicUser, Role } from '../../contract/auth';
import { createAdapters } from '../adapters';
import type { OutboxMessage } from '../adapters/outbox';
import { buildApp } from '../app';
import { localChangeFeed } from '../cluster/change-feed';
import { databaseLimitsState, redisLimitsState } from '../cluster/shared-state';
import { loadConfig, type Config } from '../config';
import { openPglite, openPostgres, type Database, type Db } from '../db/client';
import { newId } from '../db/ids';
import * as schema from '../db/schema';
import { withServerSecrets } from '../db/server-secrets';
import { accessTokens } from '../http/auth';
import { hashPassword } from '../modules/auth/secrets';
import { databaseTemplate } from './database-template';
import { createDatabaseOn } from './databases';
import type { PaymentDeps } from '../modules/payments/service';
import { openSession } from '../modules/auth/sessions';
import type { UserRow } from '../modules/users/public';

export const TEST_GOOGLE_CLIENT_ID = 'test-client';
/** The password of users the tests create unless they give one. */
export const TEST_PASSWORD = 'secret123';
const TEST_KEY_ID = 'haat-test-key';

/* ---------- database: one per test file, shared by every app the file builds ---------- */

type TestDatabase = { database: Database; dispose(): Promise<void> };

/**
 * In-memory PGlite; or, with DATABASE_URL, a fresh database on that server so test files can run in parallel. Each is
 * a copy of the run's migrated template (database-template.ts), or created and migrated here when there is none.
 */
async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  const template = databaseTemplate();
  if (!serverUrl) {
    const database = await openPglite(undefined, { copyOf: template.pglite });
    if (!template.pglite) await database.migrate();
    return { database, dispose: () => database.close() };
  }
  const created = await createDatabaseOn(serverUrl, 'haat_test', { template: template.postgres });
  const database = await openPostgres(created.url);
  if (!template.postgres) await database.migrate();
  return {
    database,
    async dispose() {
      await database.close();
      await created.drop();
    },
  };
}

let shared: { opening: Promise<TestDatabase>; users: number } | null = null;

async function acquireDatabase(): Promise<Database> {
  shared ??= { opening: openTestDatabase(), users: 0 };
  shared.users += 1;
  return (await shared.opening).database;
}

/** The database of this test file's apps, for helpers that write rows beside them. */
export async function testDatabase(): Promise<Db> {
  if (!shared) throw new Error('no test app is open in this file');
  return (await shared.opening).database.db;
}

async function releaseDatabase(): Promise<void> {
  if (!shared) return;
  shared.users -= 1;
  if (shared.users > 0) return;
  const { opening } = shared;
  shared = null;
  await (await opening).dispose();
}

// The shop's own secrets outlive its data, as in a real shop: the apps of a file keep signing alike.
const tableNames = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable) && value !== schema.serverSecrets)
  .map((table) => `"${getTableName(table)}"`);

/** PostgreSQL's code for a transaction it chose to end to break a deadlock. */
const DEADLOCK_DETECTED = '40P01';

/**
 * Empties every table of the schema but the server's secrets; call between tests. On PostgreSQL the TRUNCATE may meet
 * the last test's background work (a change notice's read, a housekeeping run) and be chosen to end a deadlock: it is
 * tried again, as the background work has then gone on.
 */
export async function resetDatabase(db: Db): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.execute(sql.raw(`TRUNCATE ${tableNames.join(', ')} RESTART IDENTITY CASCADE`));
      return;
    } catch (error) {
      if (attempt >= 3 || pgErrorCode(error) !== DEADLOCK_DETECTED) throw error;
    }
  }
}

/* ---------- Google: a local RSA key stands in for Google's ---------- */

let googleKeyPair: ReturnType<typeof generateKeyPair> | null = null;
const testGoogleKeys = () => (googleKeyPair ??= generateKeyPair('RS256'));

async function testGoogleKeySet() {
  const { publicKey } = await testGoogleKeys();
  const jwk = { ...(await exportJWK(publicKey)), kid: TEST_KEY_ID, alg: 'RS256', use: 'sig' };
  return createLocalJWKSet({ keys: [jwk] });
}

/** An ID token as Google would issue it, signed with the test key; any claim can be overridden. */
export async function signGoogleIdToken(claims: JWTPayload & Record<string, unknown> = {}): Promise<string> {
  const { privateKey } = await testGoogleKeys();
  return new SignJWT({
    iss: 'https://accounts.google.com',
    aud: TEST_GOOGLE_CLIENT_ID,
    sub: '100000000000000000001',
    email: 'shopper@gmail.com',
    email_verified: true,
    name: 'Google Shopper',
    picture: 'https://lh3.googleusercontent.com/a/shopper',
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: TEST_KEY_ID })
    .setIssuedAt()
    .sign(privateKey);
}

/* ---------- outbox: the real outbox adapters, read back from DATA_DIR/outbox.jsonl ---------- */

export type SentMessage = OutboxMessage & { createdAt: string };

function outboxReader(file: string) {
  const messages = (): SentMessage[] =>
    existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as SentMessage)
      : [];
  const last = (to: string): SentMessage => {
    const message = messages()
      .filter((m) => m.to === to)
      .at(-1);
    if (!message) throw new Error(`no message to ${to} in the outbox`);
    return message;
  };
  return {
    file,
    messages,
    last,
    clear: () => rmSync(file, { force: true }),
    /** The 4-digit code of the last message to `to`. */
    lastOtp(to: string): string {
      const code = /\b(\d{4})\b/.exec(last(to).text)?.[1];
      if (!code) throw new Error(`the last message to ${to} has no code`);
      return code;
    },
    /** The first link of the last message to `to`. */
    lastLink(to: string): string {
      const link = /https?:\/\/\S+/.exec(last(to).text)?.[0];
      if (!link) throw new Error(`the last message to ${to} has no link`);
      return link;
    },
  };
}

/* ---------- the app ---------- */

/** Where an app under test writes its log lines, when a test reads them (with `LOG_LEVEL` set in `env`). */
export type LogSink = { write(line: string): void };

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  outbox: ReturnType<typeof outboxReader>;
  /** What the server's own payment work uses (the database, gateway, address and the customer's messages), for calling services directly. */
  paymentDeps(): PaymentDeps;
  /** Resolves once every message sent so far has reached the outbox (or been refused). */
  messagesSent(): Promise<void>;
  /** While true, the mail and SMS providers refuse every message, as a provider that is down would. */
  refuseMessages(refusing: boolean): void;
  /** Empties the database and the outbox; call it before each test. */
  reset(): Promise<void>;
  close(): Promise<void>;
};

/**
 * The real app on a test database, with mail and SMS going to the outbox of a temporary DATA_DIR and Google
 * tokens checked against the local test key. `env` overrides configuration (e.g. AUTH_RATE_LIMIT); `webRoot` is a
 * built web app to serve beside the API; `limitsInDatabase` counts rate limits in the database, as processes sharing
 * PostgreSQL without Redis do. Unless `holdAnswersForMessages` is false, an answer leaves only once the
 * messages its request sent are in the outbox.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  {
    webRoot,
    holdAnswersForMessages = true,
    log,
    limitsInDatabase = false,
    redisUrl,
  }: {
    webRoot?: string;
    holdAnswersForMessages?: boolean;
    log?: LogSink;
    limitsInDatabase?: boolean;
    /** Count the rate limits in this Redis, falling back to the database (`limitsInDatabase`) or memory while it is down. */
    redisUrl?: string;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-test-'));
  const settings = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-long-enough-for-hs256-signatures',
    GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
    ACCOUNT_MESSAGES_PER_HOUR: '1000',
    // Tests change rows directly, not through the API writes that clear the list cache.
    LIST_CACHE_SECONDS: '0',
    PAGE_CACHE_SECONDS: '0',
    // Tests run the orders' housekeeping themselves, at the moment they choose.
    ORDER_HOUSEKEEPING_SECONDS: '0',
    // Tests of other rules move the cash orders they place at once; the confirmation's own tests turn it on.
    CASH_CONFIRMATION: 'off',
    // Tests of other rules count the messages about an order; the owner's alerts have tests of their own.
    OWNER_ORDER_ALERTS: 'off',
    MORNING_SUMMARY_TIME: 'off',
    // Payments go through the sandbox's real protocol, also in tests of an https PUBLIC_URL.
    PAYMENT_PROVIDER: 'sandbox',
    ...env,
  });
  const database = await acquireDatabase();
  const config = await withServerSecrets(database.db, settings);
  const shared = redisUrl
    ? redisLimitsState(redisUrl, database, limitsInDatabase ? 'database' : 'memory', localChangeFeed(), () => {})
    : limitsInDatabase
      ? databaseLimitsState(database)
      : undefined;
  const adapters = createAdapters(config, { log: () => {}, googleKeys: await testGoogleKeySet() });
  // Messages leave after the answer; tests read the outbox right after it, so each answer waits for its messages.
  const sending = new Set<Promise<void>>();
  let refusing = false;
  const tracked =
    <M>(send: (message: M) => Promise<void>) =>
    (message: M) => {
      const sent = refusing ? Promise.reject(new Error('the provider refused the message')) : send(message);
      sending.add(sent);
      void sent.finally(() => sending.delete(sent)).catch(() => {});
      return sent;
    };
  adapters.mailer = { send: tracked(adapters.mailer.send) };
  adapters.sms = { send: tracked(adapters.sms.send) };
  const app = await buildApp({
    config,
    db: database.db,
    databaseStats: database.stats,
    ...adapters,
    webRoot,
    logger: log ? { stream: log } : false,
    shared,
  });
  // The courier starts a message on the next turn of the event loop; one turn later it is in `sending`. Order
  // messages are sent by the app's sender, started when their change committed.
  const messagesSent = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    await app.orderMessages.idle();
    await Promise.allSettled(sending);
  };
  if (holdAnswersForMessages) app.addHook('onSend', messagesSent);
  await app.ready();
  const sent = outboxReader(join(dataDir, 'outbox.jsonl'));
  return {
    app,
    db: database.db,
    config,
    outbox: sent,
    paymentDeps: () => app.payments,
    messagesSent,
    refuseMessages: (refuse) => {
      refusing = refuse;
    },
    async reset() {
      await resetDatabase(database.db);
      sent.clear();
    },
    async close() {
      await app.close();
      await shared?.close();
      await releaseDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/* ---------- helpers for tests ---------- */

/** Argon2id takes a noticeable moment by design: each test password is hashed once per test file. */
const passwordHashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let hash = passwordHashes.get(password);
  if (!hash) passwordHashes.set(password, (hash = hashPassword(password)));
  return hash;
};

/** Inserts an account directly, as a confirmed registration would have made it. */
export async function createUser(db: Db, fields: { name?: string; email?: string; phone?: string; password?: string; role?: Role } = {}): Promise<UserRow> {
  const [row] = await db
    .insert(schema.users)
    .values({
      id: newId(),
      name: fields.name ?? 'Test User',
      email: fields.email ?? null,
      phone: fields.phone ?? null,
      passwordHash: await hashOnce(fields.password ?? TEST_PASSWORD),
      role: fields.role ?? 'user',
    })
    .returning();
  return row!;
}

export type Envelope<T = unknown> = { success: boolean; message: string; data: T; errors?: { path: string; message: string }[] };

export function body<T = unknown>(res: LightMyRequestResponse): Envelope<T> {
  return res.json<Envelope<T>>();
}

export function refreshCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'refreshToken');
}

/** Signs in through the API; returns the access token and the refresh cookie's value. */
export async function signIn(app: FastifyInstance, identifier: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/user/signin', payload: { identifier, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const { data } = body<{ user: PublicUser; accessToken: string }>(res);
  const refreshToken = refreshCookieOf(res)?.value;
  if (!refreshToken) throw new Error('sign-in set no refresh cookie');
  return { user: data.user, accessToken: data.accessToken, refreshToken };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A bearer header for a user, with a live session in the test database as a sign-in opens one. */
export async function authAs(config: Config, user: { id: string }) {
  const { sessionId } = await openSession(await testDatabase(), user.id);
  return { authorization: `Bearer ${await accessTokens(config.jwtSecret).sign({ id: user.id, sessionId })}` };
}

/* ---------- useShop: the one set-up of an API test file ---------- */

/** A user of the shop with a bearer header to call the API as them. */
export type Person = UserRow & { headers: { authorization: string } };
/** The shop's people: created before each test when a file asks for them (all with TEST_PASSWORD). */
export type People = { admin: Person; seller: Person; alice: Person; bob: Person };
export type Shop = TestApp & People;

const PEOPLE = {
  admin: { name: 'Shop Admin', email: 'admin@example.com', role: 'admin' },
  seller: { name: 'Dhaka Bazaar', email: 'seller@example.com', role: 'seller' },
  alice: { name: 'Alice Rahman', email: 'alice@example.com', phone: '01711000001' },
  bob: { name: 'Bob Karim', email: 'bob@example.com', phone: '01811000002' },
} as const satisfies Record<keyof People, Parameters<typeof createUser>[1]>;

async function createPeople(t: TestApp): Promise<People> {
  const entries = await Promise.all(
    Object.entries(PEOPLE).map(async ([key, fields]) => {
      const row = await createUser(t.db, fields);
      return [key, { ...row, headers: await authAs(t.config, row) }] as const;
    }),
  );
  return Object.fromEntries(entries) as People;
}

/**
 * Sets up an API test file: the real app (see `createTestApp`) built before the first test and closed after the
 * last, the database and outbox emptied before each test, and with `people` the shop's admin, seller and two
 * customers created anew for each test. `appPerTest` builds a fresh app for each test instead, for tests of what the
 * app keeps in memory (its caches); `shareData` empties the database once, before the first test, for a file whose
 * tests read what one costly set-up built. Answers the shop, filled in as the hooks run.
 */
export function useShop(
  options: { env?: Record<string, string>; webRoot?: string; log?: LogSink; people?: boolean; appPerTest?: boolean; shareData?: boolean } = {},
): Shop {
  const shop = {} as Shop;
  const open = async () => Object.assign(shop, await createTestApp(options.env, { webRoot: options.webRoot, log: options.log }));
  const close = () => shop.close();
  if (options.appPerTest) {
    beforeEach(open);
    afterEach(close);
  } else {
    beforeAll(open);
    afterAll(close);
  }
  const empty = async () => {
    await shop.reset();
    if (options.people) Object.assign(shop, await createPeople(shop));
  };
  if (options.shareData) beforeAll(empty);
  else beforeEach(empty);
  return shop;
}
