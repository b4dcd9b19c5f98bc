import { beforeEach, describe, expect, it } from 'vitest';
import type { Banner } from '../../../contract/catalogue';
import type { Role } from '../../../contract/auth';
import { body, useShop } from '../../test/harness';
import { fileBlob, insertCategory, mediaUrl, picture, storeMedia } from '../products/test-fixtures';

const t = useShop({ people: true });
let headers: Record<Role | 'anonymous', Record<string, string>>;
beforeEach(() => {
  headers = { anonymous: {}, admin: t.admin.headers, seller: t.seller.headers, user: t.alice.headers };
});

/** A banner's form with an uploaded picture. */
async function bannerForm(fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('bannerImage', fileBlob(await picture(300, 300), 'image/png'), 'picture.png');
  return form;
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('banners', () => {
  it('carry an offer and a category, and only admins change them', async () => {
    const fashion = await insertCategory(t.db, 'Fashion');
    expect(body<Banner[]>(await get('/api/banner')).data).toEqual([]);
    const form = await bannerForm({ bannerOffer: '20', bannerCategory: 'fashion' });
    expect((await t.app.inject({ method: 'POST', url: '/api/banner', payload: form, headers: headers.seller })).statusCode).toBe(403);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/banner',
      payload: await bannerForm({ bannerOffer: '20', bannerCategory: 'fashion' }),
      headers: headers.admin,
    });
    expect(created.statusCode).toBe(201);
    const banner = body<Banner>(created).data;
    expect(banner).toEqual({
      _id: expect.any(String),
      bannerImage: expect.stringMatching(/^\/media\//),
      bannerOffer: 20,
      bannerCategory: { _id: fashion.id, categoryName: 'Fashion', categoryNameBn: null },
      position: 1,
    });
    expect(body<Banner[]>(await get('/api/banner')).data).toEqual([banner]);

    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/banner/${banner._id}`,
      payload: { bannerCategory: '', bannerOffer: 35 },
      headers: headers.admin,
    });
    expect(body<Banner>(cleared).data).toMatchObject({ bannerOffer: 35, bannerCategory: null });

    const badOffer = await t.app.inject({
      method: 'POST',
      url: '/api/banner',
      payload: { bannerImage: mediaUrl(4), bannerOffer: 150 },
      headers: headers.admin,
    });
    expect(body(badOffer)).toMatchObject({ success: false, message: 'Offer must be between 0 and 100' });

    expect((await t.app.inject({ method: 'DELETE', url: `/api/banner/${banner._id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/banner/${banner._id}`, headers: headers.admin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/banner/${banner._id}`, headers: headers.admin })).statusCode).toBe(404);
    expect(body<Banner[]>(await get('/api/banner')).data).toEqual([]);
  });

  describe('order', () => {
    const create = async (offer: number, position?: number) => {
      await storeMedia(t.config, mediaUrl(offer));
      const payload = { bannerImage: mediaUrl(offer), bannerOffer: offer, ...(position !== undefined && { position }) };
      const created = await t.app.inject({ method: 'POST', url: '/api/banner', payload, headers: headers.admin });
      expect(created.statusCode).toBe(201);
      return body<Banner>(created).data;
    };
    const move = (banner: Banner, position: unknown, who: keyof typeof headers = 'admin') =>
      t.app.inject({ method: 'PUT', url: `/api/banner/${banner._id}`, payload: { position }, headers: headers[who] });
    /** The banners as the home page shows them: each one's offer (they tell them apart) and its position. */
    const shown = async () => body<Banner[]>(await get('/api/banner')).data.map((banner) => [banner.bannerOffer, banner.position]);

    it('puts a new banner last, or at the place asked for, and keeps the positions 1..n', async () => {
      await create(10);
      await create(20);
      expect(await shown()).toEqual([
        [10, 1],
        [20, 2],
      ]);
      expect((await create(30, 1)).position).toBe(1);
      expect(await shown()).toEqual([
        [30, 1],
        [10, 2],
        [20, 3],
      ]);
      // A place past the end is the end.
      expect((await create(40, 99)).position).toBe(4);
      expect(await shown()).toEqual([
        [30, 1],
        [10, 2],
        [20, 3],
        [40, 4],
      ]);
    });

    it('moves a banner, shifting the ones between, and closes the gap a deleted one leaves', async () => {
      const [a, b, c, d] = [await create(1), await create(2), await create(3), await create(4)];
      const moved = await move(d!, 1);
      expect(moved.statusCode).toBe(200);
      expect(body<Banner>(moved).data).toMatchObject({ bannerOffer: 4, position: 1 });
      expect(await shown()).toEqual([
        [4, 1],
        [1, 2],
        [2, 3],
        [3, 4],
      ]);
      await move(a!, 3);
      expect(await shown()).toEqual([
        [4, 1],
        [2, 2],
        [1, 3],
        [3, 4],
      ]);
      await move(b!, 50);
      expect(await shown()).toEqual([
        [4, 1],
        [1, 2],
        [3, 3],
        [2, 4],
      ]);

      expect((await t.app.inject({ method: 'DELETE', url: `/api/banner/${a!._id}`, headers: headers.admin })).statusCode).toBe(200);
      expect(await shown()).toEqual([
        [4, 1],
        [3, 2],
        [2, 3],
      ]);
      expect((await create(5)).position).toBe(4);
      // A move together with other changes does both.
      const both = await t.app.inject({ method: 'PUT', url: `/api/banner/${c!._id}`, payload: { bannerOffer: 33, position: 1 }, headers: headers.admin });
      expect(body<Banner>(both).data).toMatchObject({ bannerOffer: 33, position: 1 });
      expect(await shown()).toEqual([
        [33, 1],
        [4, 2],
        [2, 3],
        [5, 4],
      ]);
    });

    it('refuses a position that is not a whole number from 1 to 1000, and changes nothing', async () => {
      const [a] = [await create(1), await create(2)];
      for (const position of [0, -1, 1.5, 1001, 2 ** 63, 'first', '', [1], { $gt: 0 }, true]) {
        const answer = await move(a!, position);
        // An empty text is an absent field: nothing to move.
        if (position === '') expect(answer.statusCode).toBe(200);
        else expect(answer.statusCode, `position ${JSON.stringify(position)}`).toBe(400);
      }
      const refused = await t.app.inject({ method: 'POST', url: '/api/banner', payload: { bannerImage: mediaUrl(3), position: 0 }, headers: headers.admin });
      expect(body(refused)).toMatchObject({ success: false, message: 'Position must be between 1 and 1000' });
      expect(await shown()).toEqual([
        [1, 1],
        [2, 2],
      ]);
    });

    it('is changed by an admin only', async () => {
      const [, b] = [await create(1), await create(2)];
      expect((await move(b!, 1, 'user')).statusCode).toBe(403);
      expect((await move(b!, 1, 'seller')).statusCode).toBe(403);
      expect((await move(b!, 1, 'anonymous')).statusCode).toBe(401);
      const asSeller = await t.app.inject({ method: 'POST', url: '/api/banner', payload: { bannerImage: mediaUrl(3), position: 1 }, headers: headers.seller });
      expect(asSeller.statusCode).toBe(403);
      expect(await shown()).toEqual([
        [1, 1],
        [2, 2],
      ]);
    });
  });
});
