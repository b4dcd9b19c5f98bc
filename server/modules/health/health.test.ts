import { describe, expect, it } from 'vitest';
import { createAdapters } from '../../adapters';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openPglite } from '../../db/client';
import { withServerSecrets } from '../../db/server-secrets';
import { body, useShop } from '../../test/harness';

const t = useShop();

/** The real app on a database of its own, which the test can leave unmigrated or close. */
async function appOn(database: Awaited<ReturnType<typeof openPglite>>) {
  // Its keys are given, so a database left unmigrated is never asked for them.
  const { publicKey, privateKey } = t.config.push.vapid;
  const config = await withServerSecrets(
    database.db,
    loadConfig({ DATA_DIR: t.config.dataDir, JWT_SECRET: 'x'.repeat(32), VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, LOG_LEVEL: 'silent' }),
  );
  return buildApp({ config, db: database.db, databaseStats: database.stats, ...createAdapters(config, { log: () => {} }) });
}

describe('GET /api/health', () => {
  it('answers 200 while the process is up, whatever token comes with it, and is never cached', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }, { cookie: 'refreshToken=garbage' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers });
      expect(res.statusCode).toBe(200);
      expect(body(res)).toMatchObject({ success: true, data: { status: 'up' } });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('GET /api/ready', () => {
  it('answers 200 when the database answers and every migration is applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready', headers: { authorization: 'Bearer not-a-token' } });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ success: true, data: { database: 'up', migrations: 'applied' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 while migrations are pending, and when the database is gone', async () => {
    const database = await openPglite();
    const app = await appOn(database);
    try {
      const pending = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(pending.statusCode).toBe(503);
      expect(body(pending)).toMatchObject({ success: false, message: 'Not ready: database migrations are pending', code: 'notReadyMigrations' });
      await database.migrate();
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      await database.close();
      const down = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(down.statusCode).toBe(503);
      expect(body(down)).toMatchObject({ success: false, message: 'Not ready: the database does not answer', code: 'notReadyDatabase' });
    } finally {
      await app.close();
    }
  }, 60_000);
});
