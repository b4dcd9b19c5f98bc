import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Coupon, CouponList } from '../../../contract/coupons';
import { NUL_MESSAGE } from '../../../contract/text';
import { coupons, orders } from '../../db/schema';
import { body, useShop } from '../../test/harness';
import { orderPayload, placed, postOrder, stockShop } from '../orders/test-fixtures';

const t = useShop({ people: true });

const create = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/coupons', headers: t.admin.headers, payload: payload as object });
const update = (id: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/coupons/${id}`, headers: t.admin.headers, payload: payload as object });
const list = async (query = '') => {
  const res = await t.app.inject({ url: `/api/coupons${query}`, headers: t.admin.headers });
  expect(res.statusCode).toBe(200);
  return body<CouponList>(res).data;
};
async function created(payload: object): Promise<Coupon> {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(201);
  return body<Coupon>(res).data;
}

describe('coupons: create and read', () => {
  it('creates a coupon with every term, dates as whole days in Dhaka, and answers it with no uses yet', async () => {
    const coupon = await created({
      code: 'EID25',
      kind: 'percent',
      value: 12.5,
      minOrder: 500,
      validFrom: '2026-12-01',
      validTo: '2026-12-31',
      usageLimit: 100,
      perCustomerLimit: 1,
    });
    expect(coupon).toMatchObject({
      code: 'EID25',
      kind: 'percent',
      value: 12.5,
      minOrder: 500,
      // 00:00 and 23:59:59.999 in Dhaka (+06:00).
      validFrom: '2026-11-30T18:00:00.000Z',
      validTo: '2026-12-31T17:59:59.999Z',
      usageLimit: 100,
      perCustomerLimit: 1,
      usedCount: 0,
    });
    const one = await t.app.inject({ url: `/api/coupons/${coupon._id}`, headers: t.admin.headers });
    expect(body<Coupon>(one).data).toEqual(coupon);
  });

  it('takes only the code, kind and value; the rest default to none', async () => {
    const coupon = await created({ code: 'flat100', kind: 'fixed', value: 100 });
    expect(coupon).toMatchObject({ minOrder: null, validFrom: null, validTo: null, usageLimit: null, perCustomerLimit: null });
    const timed = await created({ code: 'NIGHT', kind: 'fixed', value: 50, validFrom: '2026-12-01T20:00:00+06:00', validTo: '2026-12-01T23:00:00Z' });
    expect(timed).toMatchObject({ validFrom: '2026-12-01T14:00:00.000Z', validTo: '2026-12-01T23:00:00.000Z' });
  });

  it('takes amounts and limits typed in Bangla digits, as the Bangla back office sends them', async () => {
    const coupon = await created({ code: 'EID25', kind: 'fixed', value: '২৫০', minOrder: '১৫০০.৫০', usageLimit: '১০০', perCustomerLimit: '২' });
    expect(coupon).toMatchObject({ value: 250, minOrder: 1500.5, usageLimit: 100, perCustomerLimit: 2 });
  });

  it('counts the uses so far: an order placed with the code, given back when it is cancelled', async () => {
    const shop = await stockShop(t);
    const coupon = await created({ code: 'USEME', kind: 'fixed', value: 10, usageLimit: 5 });
    const order = placed(await postOrder(t, t.alice.headers, orderPayload(t.alice, { cuopon: 'useme', items: [{ productId: shop.tea.id, quantity: 1 }] })));
    expect((await list()).data.find((c) => c._id === coupon._id)?.usedCount).toBe(1);

    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/update-status/${order.order._id}`,
      headers: t.admin.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await list()).data.find((c) => c._id === coupon._id)?.usedCount).toBe(0);
  });

  it('pages newest first with the total, and searches codes in any case with % and _ taken literally', async () => {
    for (const code of ['ALPHA1', 'ALPHA2', 'BETA1', 'GAMMA_1', 'DELTA1']) await created({ code, kind: 'fixed', value: 5 });
    const first = await list('?limit=2');
    expect(first).toMatchObject({ count: 2, total: 5, page: 1, pages: 3 });
    expect(first.data.map((c) => c.code)).toEqual(['DELTA1', 'GAMMA_1']);
    const last = await list('?limit=2&page=3');
    expect(last.data.map((c) => c.code)).toEqual(['ALPHA1']);
    expect((await list('?limit=2&page=9')).data).toEqual([]);

    expect((await list('?search=alpha')).data.map((c) => c.code)).toEqual(['ALPHA2', 'ALPHA1']);
    expect((await list('?search=_')).data.map((c) => c.code)).toEqual(['GAMMA_1']);
    expect((await list('?search=%25')).total).toBe(0);
  });

  it('answers 404 for an unknown coupon', async () => {
    const res = await t.app.inject({ url: '/api/coupons/no-such-coupon', headers: t.admin.headers });
    expect(res.statusCode).toBe(404);
    expect(body(res).message).toBe('Coupon not found');
  });
});

describe('coupons: codes are unique in any case', () => {
  it('refuses a second coupon with the same code in another case (409), on create and on update', async () => {
    const first = await created({ code: 'SAVE10', kind: 'percent', value: 10 });
    const again = await create({ code: 'save10', kind: 'fixed', value: 5 });
    expect(again.statusCode).toBe(409);
    expect(body(again)).toEqual({ success: false, message: 'A coupon with the code save10 already exists', code: 'couponCodeTaken', values: ['save10'] });

    const other = await created({ code: 'OTHER', kind: 'fixed', value: 5 });
    const renamed = await update(other._id, { code: 'Save10' });
    expect(renamed.statusCode).toBe(409);
    expect(body(renamed).message).toBe('A coupon with the code Save10 already exists');

    // A coupon may change the case of its own code.
    const recased = await update(first._id, { code: 'Save10' });
    expect(recased.statusCode).toBe(200);
    expect(body<Coupon>(recased).data.code).toBe('Save10');
  });
});

describe('coupons: update and delete', () => {
  it('changes only the fields given; null clears a limit, the minimum or a date', async () => {
    const coupon = await created({ code: 'CHANGE', kind: 'percent', value: 10, minOrder: 300, usageLimit: 10, validTo: '2027-01-31' });
    const res = await update(coupon._id, { value: 15, minOrder: null, validTo: null, perCustomerLimit: 2 });
    expect(res.statusCode).toBe(200);
    expect(body<Coupon>(res).data).toMatchObject({
      code: 'CHANGE',
      kind: 'percent',
      value: 15,
      minOrder: null,
      validTo: null,
      usageLimit: 10,
      perCustomerLimit: 2,
    });
  });

  it('checks the rules across fields against the coupon as it will be', async () => {
    const coupon = await created({ code: 'FIXED200', kind: 'fixed', value: 200, validFrom: '2026-12-10' });
    const toPercent = await update(coupon._id, { kind: 'percent' });
    expect(toPercent.statusCode).toBe(400);
    expect(body(toPercent).message).toBe('A percent discount must be at most 100');

    const endBeforeStart = await update(coupon._id, { validTo: '2026-12-09' });
    expect(endBeforeStart.statusCode).toBe(400);
    expect(body(endBeforeStart).message).toBe('The end date must not be before the start date');
    expect((await update(coupon._id, { validTo: '2026-12-10' })).statusCode).toBe(200);
  });

  it('refuses a total limit below the uses so far (409)', async () => {
    const coupon = await created({ code: 'POPULAR', kind: 'fixed', value: 10 });
    await t.db.update(coupons).set({ usedCount: 7 }).where(eq(coupons.id, coupon._id));
    const res = await update(coupon._id, { usageLimit: 6 });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe('The total limit cannot be below the 7 uses so far');
    expect((await update(coupon._id, { usageLimit: 7 })).statusCode).toBe(200);
  });

  it('deletes a coupon; orders placed with it keep its code and discount', async () => {
    const shop = await stockShop(t);
    const coupon = await created({ code: 'GONE', kind: 'fixed', value: 10 });
    const order = placed(await postOrder(t, t.alice.headers, orderPayload(t.alice, { cuopon: 'GONE', items: [{ productId: shop.tea.id, quantity: 1 }] })));

    const res = await t.app.inject({ method: 'DELETE', url: `/api/coupons/${coupon._id}`, headers: t.admin.headers });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, message: 'Coupon deleted', data: null });
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, order.order._id));
    expect(kept).toMatchObject({ couponId: null, couponCode: 'GONE', discount: 10 });

    const again = await t.app.inject({ method: 'DELETE', url: `/api/coupons/${coupon._id}`, headers: t.admin.headers });
    expect(again.statusCode).toBe(404);
    expect((await update(coupon._id, { value: 5 })).statusCode).toBe(404);
  });
});

describe('coupons: hostile and out-of-range input is a 400 with a message', () => {
  const valid = { code: 'VALID', kind: 'percent', value: 10 };
  const cases: [string, object, string][] = [
    ['a NUL in the code', { ...valid, code: 'A\u0000B' }, NUL_MESSAGE],
    ['a huge code', { ...valid, code: 'X'.repeat(100_000) }, 'Code must be at most 40 characters'],
    ['a short code', { ...valid, code: 'AB' }, 'Code must be at least 3 characters'],
    ['spaces in the code', { ...valid, code: 'SAVE 10' }, 'Code can have only letters, digits, - and _'],
    ['an array as the code', { ...valid, code: ['SAVE'] }, 'Code is required'],
    ['an object as the code', { ...valid, code: { $gt: '' } }, 'Code is required'],
    ['an unknown kind', { ...valid, kind: 'bogo' }, 'Kind must be percent or fixed'],
    ['a percent over 100', { ...valid, value: 101 }, 'A percent discount must be at most 100'],
    ['a value of 0', { ...valid, value: 0 }, 'Value must be more than 0'],
    ['a negative value', { ...valid, kind: 'fixed', value: -5 }, 'Value must be more than 0'],
    ['a huge value', { ...valid, kind: 'fixed', value: 1e308 }, 'Value must be at most 10,000,000'],
    ['a value as words', { ...valid, value: 'ten' }, 'Value must be a number'],
    ['fractions of a poisha', { ...valid, kind: 'fixed', value: 10.005 }, 'Value can have at most two decimals'],
    ['a fractional limit', { ...valid, usageLimit: 1.5 }, 'Total limit must be a whole number'],
    ['a limit of 0', { ...valid, perCustomerLimit: 0 }, 'Per-customer limit must be at least 1'],
    ['a huge limit', { ...valid, usageLimit: 5_000_000 }, 'Total limit must be at most 1,000,000'],
    ['a minimum as an array', { ...valid, minOrder: [500] }, 'Minimum order must be a number'],
    ['a date that is no date', { ...valid, validFrom: 'tomorrow' }, 'Start must be a date (YYYY-MM-DD) or an ISO 8601 date-time with its offset'],
    ['an impossible date', { ...valid, validTo: '2026-13-45' }, 'End must be a date (YYYY-MM-DD) or an ISO 8601 date-time with its offset'],
    ['a date-time without offset', { ...valid, validTo: '2026-12-01T10:00' }, 'End must be a date (YYYY-MM-DD) or an ISO 8601 date-time with its offset'],
    ['an end before the start', { ...valid, validFrom: '2026-12-10', validTo: '2026-12-09' }, 'The end date must not be before the start date'],
  ];

  it.each(cases)('refuses %s', async (_, payload, message) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ success: false, message });
    expect(await t.db.select().from(coupons)).toEqual([]);
  });

  it('refuses a body that is not an object, and hostile list queries', async () => {
    const arrayBody = await create([valid]);
    expect(arrayBody.statusCode).toBe(400);
    expect(body(arrayBody).success).toBe(false);
    for (const query of ['?page=0', '?page=1e309', '?limit=101', '?limit=-1', '?limit=abc', `?search=${'x'.repeat(6000)}`, '?search=a%00b']) {
      const res = await t.app.inject({ url: `/api/coupons${query}`, headers: t.admin.headers });
      expect(res.statusCode, query).toBe(400);
      expect(body(res).message, query).not.toBe('');
    }
    const longId = await t.app.inject({ url: `/api/coupons/${'x'.repeat(65)}`, headers: t.admin.headers });
    expect(longId.statusCode).toBe(400);
    expect(body(longId).message).toBe('Id is too long');
  });
});
