import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import pg from 'pg';
import type { PublicUser, Role } from '../../contract/auth';
import { createAdapters } from '../adapters';
import type { OutboxMessage } from '../adapters/outbox';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openPglite, openPostgres, type Database, type Db } from '../db/client';
import { newId } from '../db/ids';
import * as schema from '../db/schema';
import { hashPassword } from '../modules/auth/secrets';
import type { UserRow } from '../modules/users/public';

export const TEST_GOOGLE_CLIENT_ID = 'test-client';
const TEST_KEY_ID = 'haat-test-key';

/* ---------- database: one per test file, shared by every app the file builds ---------- */

type TestDatabase = { database: Database; dispose(): Promise<void> };

async function withServer<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** In-memory PGlite; or, with DATABASE_URL, a fresh database on that server so test files can run in parallel. */
async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openPglite();
    await database.migrate();
    return { database, dispose: () => database.close() };
  }
  const name = `haat_test_${randomBytes(6).toString('hex')}`;
  await withServer(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  await database.migrate();
  return {
    database,
    async dispose() {
      await database.close();
      await withServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

let shared: { opening: Promise<TestDatabase>; users: number } | null = null;

async function acquireDatabase(): Promise<Database> {
  shared ??= { opening: openTestDatabase(), users: 0 };
  shared.users += 1;
  return (await shared.opening).database;
}

async function releaseDatabase(): Promise<void> {
  if (!shared) return;
  shared.users -= 1;
  if (shared.users > 0) return;
  const { opening } = shared;
  shared = null;
  await (await opening).dispose();
}

const tableNames = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => `"${getTableName(table)}"`);

/** Empties every table of the schema; call between tests. */
export async function resetDatabase(db: Db): Promise<void> {
  await db.execute(sql.raw(`TRUNCATE ${tableNames.join(', ')} RESTART IDENTITY CASCADE`));
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

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  outbox: ReturnType<typeof outboxReader>;
  /** Empties the database and the outbox; call it before each test. */
  reset(): Promise<void>;
  close(): Promise<void>;
};

/**
 * The real app on a test database, with mail and SMS going to the outbox of a temporary DATA_DIR and Google
 * tokens checked against the local test key. `env` overrides configuration (e.g. AUTH_RATE_LIMIT); `webRoot` is a
 * built web app to serve beside the API.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { webRoot, logStream }: { webRoot?: string; logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-long-enough-for-hs256-signatures',
    GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
    // Tests change rows directly, not through the API writes that clear the list cache.
    LIST_CACHE_SECONDS: '0',
    ...env,
  });
  const database = await acquireDatabase();
  const adapters = createAdapters(config, { log: () => {}, googleKeys: await testGoogleKeySet() });
  const app = await buildApp({ config, db: database.db, ...adapters, webRoot, ...(logStream ? { logger: { stream: logStream } } : {}) });
  await app.ready();
  const sent = outboxReader(join(dataDir, 'outbox.jsonl'));
  return {
    app,
    db: database.db,
    config,
    outbox: sent,
    async reset() {
      await resetDatabase(database.db);
      sent.clear();
    },
    async close() {
      await app.close();
      await releaseDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/* ---------- helpers for tests ---------- */

/** Inserts a user directly (verified unless told otherwise). */
export async function createUser(
  db: Db,
  fields: { name?: string; email?: string; phone?: string; password?: string; role?: Role; verified?: boolean } = {},
): Promise<UserRow> {
  const verified = fields.verified ?? true;
  const [row] = await db
    .insert(schema.users)
    .values({
      id: newId(),
      name: fields.name ?? 'Test User',
      email: fields.email ?? null,
      phone: fields.phone ?? null,
      passwordHash: await hashPassword(fields.password ?? 'secret123'),
      role: fields.role ?? 'user',
      isEmailVerified: verified && fields.email !== undefined,
      verifiedAt: verified ? new Date() : null,
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
