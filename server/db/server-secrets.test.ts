import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { bearer, body, createTestApp, createUser, signIn, TEST_PASSWORD, type TestApp } from '../test/harness';
import { serverSecrets } from './schema';
import { withServerSecrets } from './server-secrets';

/** Each app stands for one process of the shop: its own DATA_DIR, the one database every app of a test file shares. */
const apps: TestApp[] = [];
const processOf = async (env: Record<string, string>) => {
  const app = await createTestApp(env);
  apps.push(app);
  return app;
};
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** No JWT_SECRET and no VAPID pair: what `npm start` has on a fresh machine. */
const NOTHING_CONFIGURED = { JWT_SECRET: '' };

const profileOf = (app: TestApp, userId: string, accessToken: string) =>
  app.app.inject({ method: 'GET', url: `/api/user/get-single-user/${userId}`, headers: bearer(accessToken) });
const pushKeyOf = async (app: TestApp) => body<{ publicKey: string }>(await app.app.inject({ method: 'GET', url: '/api/push/key' })).data.publicKey;

describe('the secrets the shop makes for itself', () => {
  it("are made once into the database: two processes started together accept each other's sign-ins and sign pushes with one pair", async () => {
    const [a, b] = await Promise.all([processOf(NOTHING_CONFIGURED), processOf(NOTHING_CONFIGURED)]);
    expect(a!.config.dataDir).not.toBe(b!.config.dataDir);
    expect(a!.config.jwtSecret).toHaveLength(64);
    expect(b!.config.jwtSecret).toBe(a!.config.jwtSecret);
    expect(await pushKeyOf(b!)).toBe(await pushKeyOf(a!));
    expect(b!.config.push.vapid).toEqual(a!.config.push.vapid);

    const user = await createUser(a!.db, { email: 'shopper@example.com' });
    const session = await signIn(a!.app, 'shopper@example.com', TEST_PASSWORD);
    // The load balancer sends the next requests to the other process: the shopper stays signed in.
    expect((await profileOf(b!, user.id, session.accessToken)).statusCode).toBe(200);
    const other = await signIn(b!.app, 'shopper@example.com', TEST_PASSWORD);
    expect((await profileOf(a!, user.id, other.accessToken)).statusCode).toBe(200);

    // A process started later (a restart, a third one) reads the same.
    const c = await processOf(NOTHING_CONFIGURED);
    expect(c.config.jwtSecret).toBe(a!.config.jwtSecret);
    expect((await profileOf(c, user.id, session.accessToken)).statusCode).toBe(200);
    expect(await a!.db.select({ name: serverSecrets.name }).from(serverSecrets).orderBy(serverSecrets.name)).toEqual([{ name: 'jwt' }, { name: 'vapid' }]);
  });

  it('give way to JWT_SECRET and VAPID_* where they are set, and are left as they are', async () => {
    const shared = await processOf(NOTHING_CONFIGURED);
    const pair = webPush.generateVAPIDKeys();
    const configured = await processOf({
      JWT_SECRET: 'a-configured-secret-long-enough-for-hs256',
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
    });
    expect(configured.config.jwtSecret).toBe('a-configured-secret-long-enough-for-hs256');
    expect(await pushKeyOf(configured)).toBe(pair.publicKey);
    expect(configured.config.push.vapid).toMatchObject(pair);

    const user = await createUser(shared.db, { email: 'shopper@example.com' });
    const session = await signIn(shared.app, 'shopper@example.com', TEST_PASSWORD);
    expect((await profileOf(configured, user.id, session.accessToken)).statusCode).toBe(401);
    const own = await signIn(configured.app, 'shopper@example.com', TEST_PASSWORD);
    expect((await profileOf(configured, user.id, own.accessToken)).statusCode).toBe(200);

    const [kept] = await shared.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'jwt'));
    expect(kept!.value).toBe(shared.config.jwtSecret);
    const [keptPair] = await shared.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'vapid'));
    expect(JSON.parse(keptPair!.value)).not.toMatchObject({ publicKey: pair.publicKey });
  });

  it('start from what a process kept in its DATA_DIR before, so an upgraded shop keeps its sessions and devices; a damaged pair stops the start', async () => {
    const first = await processOf(NOTHING_CONFIGURED);
    await first.db.delete(serverSecrets);
    const dataDir = mkdtempSync(join(tmpdir(), 'haat-secrets-'));
    dataDirs.push(dataDir);
    const pair = webPush.generateVAPIDKeys();
    writeFileSync(join(dataDir, 'jwt-secret'), 'the-secret-this-shop-signed-with-before\n');
    writeFileSync(join(dataDir, 'vapid-keys.json'), JSON.stringify(pair));

    const config = await withServerSecrets(first.db, loadConfig({ DATA_DIR: dataDir }));
    expect(config.jwtSecret).toBe('the-secret-this-shop-signed-with-before');
    expect(config.push.vapid).toMatchObject(pair);
    const elsewhere = await withServerSecrets(first.db, loadConfig({ DATA_DIR: first.config.dataDir }));
    expect(elsewhere.jwtSecret).toBe('the-secret-this-shop-signed-with-before');
    expect(elsewhere.push.vapid).toMatchObject(pair);

    await first.db.update(serverSecrets).set({ value: '{"publicKey":1}' }).where(eq(serverSecrets.name, 'vapid'));
    await expect(withServerSecrets(first.db, loadConfig({ DATA_DIR: dataDir }))).rejects.toThrow(
      "The VAPID key pair in the database's server_secrets is damaged",
    );
    await first.db.delete(serverSecrets);
  });
});
