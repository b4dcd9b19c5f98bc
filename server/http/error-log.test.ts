import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useShop } from '../test/harness';

const lines: string[] = [];
const t = useShop({ env: { LOG_LEVEL: 'error' }, log: { write: (line) => lines.push(line) } });

const PASSWORD = 'my-own-secret-9';

beforeEach(async () => {
  lines.length = 0;
  // The database refuses every new confirmation: registration fails inside its query, with the hashes as parameters.
  await t.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION refuse_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`),
  );
  await t.db.execute(sql.raw('CREATE TRIGGER refuse_confirmations BEFORE INSERT ON confirmations FOR EACH ROW EXECUTE FUNCTION refuse_insert()'));
});
afterEach(async () => {
  await t.db.execute(sql.raw('DROP TRIGGER IF EXISTS refuse_confirmations ON confirmations'));
});

describe('the log of a failed query', () => {
  it('keeps the statement and the database’s message, never the password, its hash or a token’s hash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { method: 'email', name: 'Rahim', email: 'rahim@example.com', password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    const [entry] = lines.map((line) => JSON.parse(line) as { msg: string; err: { message: string; cause: string } });
    expect(entry).toMatchObject({ msg: 'unexpected error', err: { cause: 'refused by the test' } });
    expect(entry!.err.message).toMatch(/^Failed query: insert into "confirmations"/);
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain('$argon2');
    expect(log).not.toMatch(/[0-9a-f]{64}/);
    expect(log).not.toContain('rahim@example.com');
  });
});
