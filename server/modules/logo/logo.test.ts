import { describe, expect, it } from 'vitest';
import type { Logo } from '../../../contract/catalogue';
import { body, useShop } from '../../test/harness';
import { fileBlob, mediaUrl, picture, storeMedia } from '../products/test-fixtures';

const t = useShop({ people: true });

/** A logo's form with an uploaded picture. */
async function logoForm(alt: string) {
  const form = new FormData();
  form.append('alt', alt);
  form.append('url', fileBlob(await picture(300, 300), 'image/png'), 'picture.png');
  return form;
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('logo', () => {
  it('is the newest one uploaded, or null', async () => {
    expect(body(await get('/api/logo'))).toMatchObject({ success: true, data: null });
    expect((await t.app.inject({ method: 'POST', url: '/api/logo', payload: await logoForm('haat') })).statusCode).toBe(401);
    const first = await t.app.inject({ method: 'POST', url: '/api/logo', payload: await logoForm('haat'), headers: t.admin.headers });
    expect(first.statusCode).toBe(201);
    const firstLogo = body<Logo>(first).data;
    expect(firstLogo).toEqual({ _id: expect.any(String), url: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.png$/), alt: 'haat' });

    await storeMedia(t.config, mediaUrl(7));
    const second = await t.app.inject({ method: 'POST', url: '/api/logo', payload: { url: mediaUrl(7), alt: 'haat হাট' }, headers: t.admin.headers });
    const secondLogo = body<Logo>(second).data;
    expect(body<Logo>(await get('/api/logo')).data).toEqual(secondLogo);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/logo/${secondLogo._id}`, headers: t.alice.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/logo/${secondLogo._id}`, headers: t.admin.headers })).statusCode).toBe(200);
    expect(body<Logo>(await get('/api/logo')).data).toEqual(firstLogo);
  });

  it('refuses an image URL that is not one of our uploads', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/logo', payload: { url: 'https://evil.example/logo.png' }, headers: t.admin.headers });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Images must be uploaded files or /media/ URLs of uploaded files');
  });
});
