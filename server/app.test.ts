import { describe, expect, it } from 'vitest';
import { body, TEST_GOOGLE_CLIENT_ID, useShop } from './test/harness';

const t = useShop();

describe('the API shell', () => {
  it('answers an unknown /api path with the JSON 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(body(res)).toEqual({ success: false, message: 'No API route GET /api/no-such-thing', code: 'noApiRoute', values: ['GET', '/api/no-such-thing'] });
  });

  it('answers an unknown path outside /api with a 404 envelope when no web app is built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/some/page' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ success: false, message: 'Not found', code: 'notFound' });
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"identifier": "a@b.c", ',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).success).toBe(false);
    expect(body(res).message).toEqual(expect.any(String));
  });

  it('answers an empty JSON body and an unsupported content type with 400', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(body(empty).success).toBe(false);

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      headers: { 'content-type': 'text/plain' },
      payload: 'identifier=a',
    });
    expect(text.statusCode).toBe(400);
    expect(body(text).success).toBe(false);
  });

  it('GET /api/config gives the public configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, message: 'OK', data: { googleClientId: TEST_GOOGLE_CLIENT_ID, returnWindowDays: 7 } });
  });

  it('refuses a malformed bearer token on a protected route with 401 so the client refreshes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/get-all-users', headers: { authorization: 'Bearer nonsense' } });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ success: false, message: 'Session expired, please sign in again', code: 'sessionExpired' });
  });
});
