import { beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryZones } from '../../../contract/delivery';
import type { Order, OrderQuote } from '../../../contract/orders';
import { pdfText } from '../../test/pdf-text';
import { body, useShop } from '../../test/harness';
import { orderPayload, placed, postOrder, stockShop, type StockedShop } from '../orders/test-fixtures';

const t = useShop({ people: true });

const getZones = () => t.app.inject({ method: 'GET', url: '/api/delivery-zones' });
const setZones = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'PUT', url: '/api/delivery-zones', headers, payload });

const ZONES: DeliveryZones = {
  zones: [
    { name: 'Dhaka city', districts: ['Dhaka'], fee: 60, freeFrom: null },
    { name: 'Near Dhaka', districts: ['Gazipur', 'Narayanganj'], fee: 80, freeFrom: 2000 },
  ],
  otherDistricts: { fee: 120, freeFrom: null },
};

describe('delivery zones', () => {
  it('are none, delivering free, until set', async () => {
    const res = await getZones();
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ zones: [], otherDistricts: { fee: 0, freeFrom: null } });
  });

  it('are replaced by an admin and read by anyone, districts in the shop’s spelling', async () => {
    const res = await setZones(t.admin.headers, { ...ZONES, zones: [{ ...ZONES.zones[0], districts: [' dhaka '] }, ZONES.zones[1]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toEqual(ZONES);
    expect(body(await getZones()).data).toEqual(ZONES);
    const fewer = { zones: [], otherDistricts: { fee: 100, freeFrom: 1500.5 } };
    expect((await setZones(t.admin.headers, fewer)).statusCode).toBe(200);
    expect(body(await getZones()).data).toEqual(fewer);
  });

  it('take fees typed in Bangla digits, and an empty threshold as none', async () => {
    const res = await setZones(t.admin.headers, {
      zones: [{ name: 'ঢাকা শহর', districts: ['Dhaka'], fee: '৭০', freeFrom: '' }],
      otherDistricts: { fee: '১৩০.৫', freeFrom: '৫০০০' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(await getZones()).data).toEqual({
      zones: [{ name: 'ঢাকা শহর', districts: ['Dhaka'], fee: 70, freeFrom: null }],
      otherDistricts: { fee: 130.5, freeFrom: 5000 },
    });
  });

  it('refuse hostile values with a 400 naming the problem, and keep the zones as they were', async () => {
    await setZones(t.admin.headers, ZONES);
    const zone = ZONES.zones[0]!;
    const cases: [object, string][] = [
      [{ ...ZONES, otherDistricts: { fee: -1, freeFrom: null } }, 'Delivery fee cannot be negative'],
      [{ ...ZONES, zones: [{ ...zone, fee: 10.005 }] }, 'Delivery fee can have at most two decimals'],
      [{ ...ZONES, zones: [{ ...zone, freeFrom: 'lots' }] }, 'Free delivery threshold must be a number'],
      [{ ...ZONES, zones: [{ ...zone, districts: [] }] }, 'A zone needs at least one district'],
      [{ ...ZONES, zones: [{ ...zone, districts: ['Narnia'] }] }, 'Choose the districts from the list'],
      [{ ...ZONES, zones: [zone, { ...zone, name: 'Again' }] }, 'A district can be in one zone only'],
      [{ ...ZONES, zones: [zone, { ...zone, name: 'DHAKA CITY', districts: ['Sylhet'] }] }, 'Two zones cannot have the same name'],
      [{ ...ZONES, zones: [{ ...zone, name: '  ' }] }, 'Zone name is required'],
      [{ ...ZONES, zones: Array.from({ length: 65 }, (_, index) => ({ ...zone, name: `Zone ${index}`, districts: [] })) }, 'A shop can have at most 64 zones'],
      [{ ...ZONES, zones: [{ ...zone, districts: Array(65).fill('Dhaka') }] }, 'A zone can have at most 64 districts'],
      [{ zones: ZONES.zones }, 'The fee of every other district is required'],
    ];
    for (const [payload, message] of cases) {
      const res = await setZones(t.admin.headers, payload);
      expect(res.statusCode, message).toBe(400);
      expect(body(res).message).toBe(message);
    }
    expect(body(await getZones()).data).toEqual(ZONES);
  });

  it('cannot be set by customers, sellers or anonymous callers', async () => {
    expect((await setZones(t.alice.headers, ZONES)).statusCode).toBe(403);
    expect((await setZones(t.seller.headers, ZONES)).statusCode).toBe(403);
    expect((await setZones({}, ZONES)).statusCode).toBe(401);
    expect(body(await getZones()).data).toEqual({ zones: [], otherDistricts: { fee: 0, freeFrom: null } });
  });
});

describe("the specification's two fees, over the zones", () => {
  const getFees = () => t.app.inject({ method: 'GET', url: '/api/shipping-fee/get' });
  const setFees = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: '/api/shipping-fee/add', headers, payload });

  it("read the Dhaka district's zone and every other district's fee", async () => {
    await setZones(t.admin.headers, ZONES);
    const res = await getFees();
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ shippingFee: 60, shippingFeeOutside: 120 });
  });

  it('are set by an admin only, changing those two fees and nothing else of the zones', async () => {
    await setZones(t.admin.headers, ZONES);
    expect((await setFees(t.alice.headers, { shippingFee: 1, shippingFeeOutside: 2 })).statusCode).toBe(403);
    const res = await setFees(t.admin.headers, { shippingFee: '৭০', shippingFeeOutside: 150 });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toEqual({ shippingFee: 70, shippingFeeOutside: 150 });
    expect(body(await getZones()).data).toEqual({ zones: [{ ...ZONES.zones[0], fee: 70 }, ZONES.zones[1]], otherDistricts: { fee: 150, freeFrom: null } });
    expect((await setFees(t.admin.headers, { shippingFee: -5, shippingFeeOutside: 150 })).statusCode).toBe(400);
  });

  it('make a Dhaka city zone where no zone holds the Dhaka district', async () => {
    await setZones(t.admin.headers, { zones: [ZONES.zones[1]!], otherDistricts: { fee: 100, freeFrom: 3000 } });
    expect(body(await getFees()).data).toEqual({ shippingFee: 100, shippingFeeOutside: 100 });
    expect((await setFees(t.admin.headers, { shippingFee: 60, shippingFeeOutside: 120 })).statusCode).toBe(200);
    expect(body(await getZones()).data).toEqual({
      zones: [{ name: 'Dhaka city', districts: ['Dhaka'], fee: 60, freeFrom: null }, ZONES.zones[1]],
      otherDistricts: { fee: 120, freeFrom: 3000 },
    });
  });
});

describe("an order's delivery fee", () => {
  let shop: StockedShop;
  beforeEach(async () => {
    shop = await stockShop(t);
    await setZones(t.admin.headers, ZONES);
  });

  const quote = async (district: string, quantity = 1, cuopon = '') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/quote',
      headers: shop.alice.headers,
      payload: { items: [{ productId: shop.saree.id, quantity }], cuopon, district },
    });
    expect(res.statusCode, res.body).toBe(200);
    return body<OrderQuote>(res).data;
  };
  const order = async (place: { division: string; district: string; city: string }, quantity = 1, cuopon = '') => {
    const shown = await quote(place.district, quantity, cuopon);
    const payload = orderPayload(shop.alice, {
      items: [{ productId: shop.saree.id, quantity }],
      cuopon,
      totalPrice: shown.totalPrice ?? undefined,
      deliveryAddress: { ...place, addressDetails: 'House 1' },
    });
    const res = await postOrder(t, shop.alice.headers, payload);
    expect(res.statusCode, res.body).toBe(201);
    const orderId = placed(res).order._id;
    const [stored] = body<Order[]>(
      await t.app.inject({ method: 'GET', url: `/api/order/get-order-by-customerId/${shop.alice.id}`, headers: shop.alice.headers }),
    ).data.filter((mine) => mine._id === orderId);
    if (!stored) throw new Error('The order is not among the customer’s');
    const invoice = await t.app.inject({ method: 'GET', url: `/api/order/invoice/${orderId}`, headers: shop.alice.headers });
    return { shown, stored, invoice: await pdfText(invoice.rawPayload) };
  };

  // Two invoices drawn with the Bangla face: over 30 s on a loaded machine.
  it('is the zone of the district chosen, the same in the quote, the order and the invoice', async () => {
    const dhaka = await order({ division: 'Dhaka', district: 'Dhaka', city: 'Savar' });
    expect([dhaka.shown.deliveryFee, dhaka.stored.deliveryFee, dhaka.stored.totalPrice]).toEqual([60, 60, 1410]);
    expect(dhaka.invoice).toMatch(/Delivery Fee\s+৳ 60\.00\s+Total\s+৳ 1,410\.00/);
    // In the Dhaka division, but not in Dhaka city: every other district's fee.
    const kishoreganj = await order({ division: 'Dhaka', district: 'Kishoreganj', city: 'Bhairab' });
    expect([kishoreganj.shown.deliveryFee, kishoreganj.stored.deliveryFee, kishoreganj.stored.totalPrice]).toEqual([120, 120, 1470]);
    expect(kishoreganj.invoice).toMatch(/Delivery Fee\s+৳ 120\.00\s+Total\s+৳ 1,470\.00/);
    const gazipur = await order({ division: 'Dhaka', district: 'Gazipur', city: 'Kaliakior' });
    expect([gazipur.shown.deliveryFee, gazipur.stored.deliveryFee]).toEqual([80, 80]);
  }, 120_000);

  it("is nothing once the items, after the coupon, reach the zone's threshold", async () => {
    // Two sarees: ৳2,700, over Near Dhaka's ৳2,000.
    const free = await order({ division: 'Dhaka', district: 'Narayanganj', city: 'Rupganj' }, 2);
    expect([free.shown.deliveryFee, free.stored.deliveryFee, free.stored.totalPrice]).toEqual([0, 0, 2700]);
    // Less SAVE20's 20 %: ৳2,160, still over.
    const stillFree = await order({ division: 'Dhaka', district: 'Narayanganj', city: 'Rupganj' }, 2, 'SAVE20');
    expect([stillFree.stored.discount, stillFree.stored.deliveryFee]).toEqual([540, 0]);
    // One saree (৳1,350) is under it; and the threshold is the zone's, not Dhaka city's.
    expect((await quote('Narayanganj', 1)).deliveryFee).toBe(80);
    expect((await quote('Dhaka', 2)).deliveryFee).toBe(60);
  });

  it('follows the owner’s edits: a total agreed before the change is refused with the new figures', async () => {
    const before = await quote('Sylhet');
    expect(before.deliveryFee).toBe(120);
    await setZones(t.admin.headers, { ...ZONES, otherDistricts: { fee: 150, freeFrom: null } });
    const payload = orderPayload(shop.alice, {
      items: [{ productId: shop.saree.id, quantity: 1 }],
      totalPrice: before.totalPrice ?? undefined,
      deliveryAddress: { division: 'Sylhet', district: 'Sylhet', city: 'Sylhet Sadar', addressDetails: 'House 1' },
    });
    const refused = await postOrder(t, shop.alice.headers, payload);
    expect(refused.statusCode).toBe(409);
    expect(body<{ details: { quote: OrderQuote } }>(refused)).toMatchObject({
      code: 'totalChanged',
      details: { quote: { deliveryFee: 150, totalPrice: 1500 } },
    });
    expect((await quote('Sylhet')).deliveryFee).toBe(150);
  });
});
