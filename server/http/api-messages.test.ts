import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES, codeOfText } from '../../contract/api-messages';
import { apiFailureSchema } from '../../contract/envelope';
import { authAs, body, createUser, useShop } from '../test/harness';

const SERVER = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The first argument of every call of a failure helper written as a quoted text, with the file it is in. */
const HELPER_CALL =
  /\b(?:badRequest|conflict|notFound|forbidden|unauthorized)\(\s*(['"`])((?:\\.|(?!\1).)*)\1|\bnew HttpError\(\s*\d+\s*,\s*(['"`])((?:\\.|(?!\3).)*)\3/g;

function thrownTexts(): { file: string; quote: string; text: string }[] {
  return sources(SERVER).flatMap((path) =>
    [...readFileSync(path, 'utf8').matchAll(HELPER_CALL)].map((match) => ({
      file: relative(SERVER, path),
      quote: match[1] ?? match[3]!,
      text: (match[2] ?? match[4]!).replace(/\\(.)/g, '$1'),
    })),
  );
}

describe("the catalogue of the API's messages", () => {
  it('holds every text the server throws as it is written (texts with values come from the catalogue)', () => {
    const thrown = thrownTexts();
    expect(thrown.length).toBeGreaterThan(20);
    const outside = thrown.filter(({ quote, text }) => quote === '`' || !codeOfText(text)).map(({ file, text }) => `${file}: ${text}`);
    expect(outside).toEqual([]);
  });

  it('gives every text one code', () => {
    const texts = Object.values(API_MESSAGES).filter((text) => typeof text === 'string');
    expect(new Set(texts).size).toBe(texts.length);
  });
});

describe('a failed answer', () => {
  const t = useShop();

  it('carries the code of its message, and the values a text with values was made from', async () => {
    const missing = await t.app.inject({ url: '/api/no-such-thing' });
    expect(body(missing)).toEqual({
      success: false,
      message: 'No API route GET /api/no-such-thing',
      code: 'noApiRoute',
      values: ['GET', '/api/no-such-thing'],
    });
    expect(apiFailureSchema.parse(body(missing))).toBeTruthy();

    const alice = await createUser(t.db, { name: 'Alice', email: 'alice@example.com', password: 'alice-pass' });
    const wrong = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/change-password',
      headers: await authAs(t.config, alice),
      payload: { id: alice.id, currentPassword: 'wrong-pass', newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toEqual({ success: false, message: 'Current password is incorrect', code: 'currentPasswordWrong' });
  });

  it("names a refused input by its first problem's code where the catalogue has its text, else invalidInput", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/signin', payload: { identifier: 'a@b.c', password: ['x'] } });
    expect(body(res)).toMatchObject({ success: false, code: 'invalidInput', message: 'Password is required' });
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { identifier: 'a@b.co', resetToken: '', password: '123456' },
    });
    expect(body(expired)).toEqual({
      success: false,
      message: 'Reset session expired. Please request a new OTP.',
      code: 'resetExpired',
      errors: [{ path: 'resetToken', message: 'Reset session expired. Please request a new OTP.', code: 'resetExpired' }],
    });
  });
});
