import { describe, expect, it } from 'vitest';
import { body, useShop } from '../../test/harness';

const t = useShop({ people: true });

const getFees = () => t.app.inject({ method: 'GET', url: '/api/shipping-fee/get' });
const setFees = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: '/api/shipping-fee/add', headers, payload });

describe('delivery fees', () => {
  it('are 0 inside and outside Dhaka until set', async () => {
    const res = await getFees();
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ shippingFee: 0, shippingFeeOutside: 0 });
  });

  it('are set by an admin and read by anyone', async () => {
    const admin = t.admin.headers;
    const res = await setFees(admin, { shippingFee: 70, shippingFeeOutside: 130.5 });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ shippingFee: 70, shippingFeeOutside: 130.5 });
    expect(body(await getFees()).data).toEqual({ shippingFee: 70, shippingFeeOutside: 130.5 });
    await setFees(admin, { shippingFee: 0, shippingFeeOutside: 100 });
    expect(body(await getFees()).data).toEqual({ shippingFee: 0, shippingFeeOutside: 100 });
  });

  it('take fees typed in Bangla digits', async () => {
    const res = await setFees(t.admin.headers, { shippingFee: '৭০', shippingFeeOutside: '১৩০.৫' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(await getFees()).data).toEqual({ shippingFee: 70, shippingFeeOutside: 130.5 });
  });

  it('refuse negative, fractional-poisha and missing fees', async () => {
    const admin = t.admin.headers;
    const cases: [object, string][] = [
      [{ shippingFee: -1, shippingFeeOutside: 100 }, 'Delivery fee inside Dhaka cannot be negative'],
      [{ shippingFee: 60, shippingFeeOutside: 10.005 }, 'Delivery fee outside Dhaka can have at most two decimals'],
      [{ shippingFee: 'sixty', shippingFeeOutside: 100 }, 'Delivery fee inside Dhaka must be a number'],
      [{ shippingFee: 60 }, 'Delivery fee outside Dhaka must be a number'],
    ];
    for (const [payload, message] of cases) {
      const res = await setFees(admin, payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(message);
    }
    expect(body(await getFees()).data).toEqual({ shippingFee: 0, shippingFeeOutside: 0 });
  });

  it('cannot be set by customers or anonymous callers', async () => {
    const customer = t.alice.headers;
    expect((await setFees(customer, { shippingFee: 1, shippingFeeOutside: 1 })).statusCode).toBe(403);
    expect((await setFees({}, { shippingFee: 1, shippingFeeOutside: 1 })).statusCode).toBe(401);
    expect(body(await getFees()).data).toEqual({ shippingFee: 0, shippingFeeOutside: 0 });
  });
});
