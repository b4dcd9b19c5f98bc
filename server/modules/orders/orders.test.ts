import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../../contract/envelope';
import { orderCreateSchema, totalChangedDetailsSchema, type Order, type OrderQuote } from '../../../contract/orders';
import { coupons, orderRequests, orders, products, users } from '../../db/schema';
import { newId } from '../../db/ids';
import { authAs, body, createUser, type Person, useShop } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { placeOrder } from './service';
import { stockShop, orderPayload, placed, postOrder, stockOf, type StockedShop } from './test-fixtures';

const t = useShop({ people: true });
let shop: StockedShop;
beforeEach(async () => {
  shop = await stockShop(t);
});

/** Another customer of the shop, signed in. */
async function createPerson(shop: typeof t, email: string): Promise<Person> {
  const user = await createUser(shop.db, { name: 'Shopper', email });
  return { ...user, headers: await authAs(shop.config, user) };
}

const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0]!.n;

describe('POST /api/order/post-order', () => {
  it('prices every line from the database and ignores a tampered subtotal, fee, name and image', async () => {
    const res = await postOrder(
      t,
      shop.alice.headers,
      orderPayload(shop.alice, {
        items: [
          { productId: shop.saree.id, productName: 'Free saree', image: '/media/evil.png', quantity: 2, subTotal: 1 },
          { productId: shop.panjabi.id, productName: 'x', quantity: 1, size: 'l', color: 'navy', subTotal: 0 },
        ],
        deliveryFee: 0,
      }),
    );
    expect(res.statusCode).toBe(201);
    const { order, url } = placed(res);
    expect(url).toBeUndefined();
    expect(body(res).message).toBe('Order placed successfully!');
    expect(order).toMatchObject({
      status: 'pending',
      paymentStatus: 'unpaid',
      paymentMethod: 'cash',
      subTotal: 3550,
      discount: 0,
      coupon: null,
      deliveryFee: 60,
      totalPrice: 3610,
      customerId: shop.alice.id,
      customerName: 'Alice Rahman',
      customerEmail: 'alice@example.com',
      phone: '01712345678',
      transaction_id: null,
      deliveryAddress: { division: 'Dhaka', district: 'Dhaka', city: 'Dhanmondi', addressDetails: 'House 12, Road 5' },
    });
    expect(order.items).toEqual([
      {
        productId: shop.saree.id,
        variantId: null,
        productName: 'জামদানি শাড়ি',
        productNameBn: null,
        image: shop.saree.images[0],
        quantity: 2,
        size: null,
        color: null,
        price: 1350,
        subTotal: 2700,
      },
      // The product's own spelling of the options the shopper typed in another case.
      {
        productId: shop.panjabi.id,
        variantId: null,
        productName: 'Eid Cotton Panjabi',
        productNameBn: null,
        image: shop.panjabi.images[0],
        quantity: 1,
        size: 'L',
        color: 'Navy',
        price: 850,
        subTotal: 850,
      },
    ]);
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 8, sales: 2 });
    expect(await stockOf(t, shop.panjabi.id)).toEqual({ remaining: 2, sales: 1 });
  });

  it('adds poisha exactly (3 × ৳84.99 is ৳254.97) and charges the total rounded to whole taka', async () => {
    const res = await postOrder(t, shop.alice.headers, orderPayload(shop.alice, { items: [{ productId: shop.tea.id, quantity: 3 }], totalPrice: 315 }));
    expect(res.statusCode).toBe(201);
    expect(placed(res).order).toMatchObject({ subTotal: 254.97, deliveryFee: 60, totalPrice: 315 });
  });

  it('charges no total but the one the shopper was shown: another is refused with the current total, taking no stock', async () => {
    const before = await stockOf(t, shop.saree.id);
    const res = await postOrder(t, shop.alice.headers, orderPayload(shop.alice, { items: [{ productId: shop.saree.id, quantity: 2 }], totalPrice: 1 }));
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe('Your total is now ৳2,760.00. Please check your order and place it again.');
    expect(await stockOf(t, shop.saree.id)).toEqual(before);
    expect(await orderCount()).toBe(0);
  });

  it('tells with a changed total the order as it stands now, which one more request at that total places', async () => {
    const lines = [{ productId: shop.saree.id, quantity: 2 }];
    // The shopper saw ৳1,350 a saree; the shop has since raised it to ৳1,800 less 10 %.
    await t.db.update(products).set({ originalPrice: 1800, price: 1620 }).where(eq(products.id, shop.saree.id));
    const refused = await postOrder(t, shop.alice.headers, orderPayload(shop.alice, { cuopon: 'SAVE20', items: lines, totalPrice: 2220 }));
    expect(refused.statusCode).toBe(409);
    const failure = JSON.parse(refused.body) as ApiFailure;
    expect(failure).toMatchObject({ code: 'totalChanged', values: [2652] });
    const { quote } = totalChangedDetailsSchema.parse(failure.details);
    expect(quote).toEqual({
      items: [
        {
          productId: shop.saree.id,
          variantId: null,
          productName: 'জামদানি শাড়ি',
          productNameBn: null,
          image: shop.saree.images[0],
          quantity: 2,
          size: null,
          color: null,
          price: 1620,
          subTotal: 3240,
        },
      ],
      subTotal: 3240,
      discount: 648,
      coupon: 'SAVE20',
      deliveryFee: 60,
      totalPrice: 2652,
    });
    expect(await orderCount()).toBe(0);

    const accepted = await postOrder(t, shop.alice.headers, orderPayload(shop.alice, { cuopon: 'SAVE20', items: lines, totalPrice: quote.totalPrice }));
    expect(accepted.statusCode).toBe(201);
    expect(placed(accepted).order).toMatchObject({ subTotal: 3240, discount: 648, totalPrice: 2652 });
  });

  it("accepts the total a client that leaves the coupon to the server sends (before the coupon), and charges the coupon's total", async () => {
    const lines = [{ productId: shop.saree.id, quantity: 1 }];
    // The specification's client: the items and the fee, rounded; the coupon is named and applied by the server.
    const res = await postOrder(t, shop.alice.headers, orderPayload(shop.alice, { cuopon: 'SAVE20', items: lines, deliveryFee: 60, totalPrice: 1410 }));
    expect(res.statusCode).toBe(201);
    expect(placed(res).order).toMatchObject({ subTotal: 1350, discount: 270, deliveryFee: 60, totalPrice: 1140, coupon: 'SAVE20' });
    // Neither total of these lines now: refused.
    const other = await postOrder(t, shop.bob.headers, orderPayload(shop.bob, { cuopon: 'SAVE20', items: lines, totalPrice: 1300 }));
    expect(other.statusCode).toBe(409);
  });

  it('charges the inside-Dhaka fee for the Dhaka division only, whatever the case', async () => {
    const fee = async (division: string, district: string, city: string) => {
      const res = await postOrder(
        t,
        shop.alice.headers,
        orderPayload(shop.alice, { items: [{ productId: shop.tea.id, quantity: 1 }], deliveryAddress: { division, district, city, addressDetails: 'Z' } }),
      );
      expect(res.statusCode, res.body).toBe(201);
      return placed(res).order.deliveryFee;
    };
    expect(await fee('Dhaka', 'Dhaka', 'Savar')).toBe(60);
    expect(await fee('dhaka ', 'dhaka', ' savar')).toBe(60);
    expect(await fee('Chittagong', 'Chattogram', 'Patiya')).toBe(120);
    expect(await fee('Sylhet', 'Sunamganj', 'Chhatak')).toBe(120);
  });

  it('delivers only to a known division: another place is a 400, not the outside-Dhaka fee', async () => {
    const to = (division: string, district = 'X', city = 'Y') =>
      postOrder(
        t,
        shop.alice.headers,
        orderPayload(shop.alice, { items: [{ productId: shop.tea.id, quantity: 1 }], deliveryAddress: { division, district, city, addressDetails: 'Z' } }),
      );
    for (const division of ['Narnia', 'Dhaka North', 'Kolkata']) {
      const res = await to(division);
      expect(res.statusCode, division).toBe(400);
      expect(body(res).message).toMatch(/^Division must be one of Dhaka, Chittagong/);
    }
    const official = await to('Chattogram', 'Chattogram', 'Patiya');
    expect(placed(official).order).toMatchObject({ deliveryFee: 120, deliveryAddress: expect.objectContaining({ division: 'Chittagong' }) });
    expect(await orderCount()).toBe(1);
  });

  it('takes a district only of its division and a city only of its district, from the places the checkout offers', async () => {
    const to = (division: string, district: string, city: string) =>
      postOrder(
        t,
        shop.alice.headers,
        orderPayload(shop.alice, { items: [{ productId: shop.tea.id, quantity: 1 }], deliveryAddress: { division, district, city, addressDetails: 'Z' } }),
      );
    const sylhetInDhaka = await to('Dhaka', 'Sylhet', 'Sylhet Sadar');
    expect(sylhetInDhaka.statusCode).toBe(400);
    expect(body(sylhetInDhaka)).toMatchObject({
      message: 'Choose a district of the chosen division',
      code: 'districtNotInDivision',
      errors: [{ path: 'deliveryAddress.district', message: 'Choose a district of the chosen division' }],
    });
    const chhatakInDhaka = await to('Dhaka', 'Dhaka', 'Chhatak');
    expect(body(chhatakInDhaka)).toMatchObject({ message: 'Choose a city/upazila of the chosen district', code: 'cityNotInDistrict' });
    expect(body(await to('Dhaka', 'Narnia', 'Savar'))).toMatchObject({ code: 'districtNotInDivision' });
    expect(await orderCount()).toBe(0);
    expect(await stockOf(t, shop.tea.id)).toMatchObject({ sales: 0 });
    // A city name that recurs in two districts belongs to each of them.
    expect((await to('Khulna', 'Magura', 'Mohammadpur')).statusCode).toBe(201);
    expect((await to('Dhaka', 'Dhaka', 'Mohammadpur')).statusCode).toBe(201);
  });

  it('applies SAVE20 (20 % off the items, not the delivery) in any case and counts its use', async () => {
    const res = await postOrder(t, shop.alice.headers, orderPayload(shop.alice, { cuopon: 'save20', items: [{ productId: shop.saree.id, quantity: 1 }] }));
    expect(res.statusCode).toBe(201);
    expect(placed(res).order).toMatchObject({ subTotal: 1350, discount: 270, deliveryFee: 60, totalPrice: 1140, coupon: 'SAVE20' });
    const [coupon] = await t.db.select().from(coupons);
    expect(coupon!.usedCount).toBe(1);
  });

  it('answers 400 with the reason to unknown, expired, not yet valid, used-up and too-small uses of a coupon, and takes no stock', async () => {
    const now = Date.now();
    await t.db.insert(coupons).values([
      { id: newId(), code: 'OLD10', kind: 'percent', value: 10, validTo: new Date(now - 60_000) },
      { id: newId(), code: 'SOON', kind: 'fixed', value: 50, validFrom: new Date(now + 60_000) },
      { id: newId(), code: 'ONCE', kind: 'fixed', value: 100, usageLimit: 1 },
      { id: newId(), code: 'BIG', kind: 'fixed', value: 100, minOrder: 2000 },
    ]);
    const attempt = (code: string) =>
      postOrder(t, shop.alice.headers, orderPayload(shop.alice, { cuopon: code, items: [{ productId: shop.saree.id, quantity: 1 }] }));

    const once = await attempt('once');
    expect(once.statusCode).toBe(201);
    expect(placed(once).order).toMatchObject({ discount: 100, totalPrice: 1310, coupon: 'ONCE' });

    const reasons = {
      NOPE: { message: 'Invalid coupon code', code: 'invalidCoupon' },
      SOON: { message: 'Invalid coupon code', code: 'invalidCoupon' },
      // An expired code is unknown to a customer who never used it: trying codes does not find the ones that existed.
      OLD10: { message: 'Invalid coupon code', code: 'invalidCoupon' },
      ONCE: { message: 'This coupon has been used up', code: 'couponUsedUp' },
      BIG: { message: 'This coupon needs items worth at least ৳2,000', code: 'couponBelowMinimum', values: [2000] },
    };
    for (const [coupon, failure] of Object.entries(reasons)) {
      const res = await attempt(coupon);
      expect(res.statusCode, coupon).toBe(400);
      expect(body(res)).toEqual({ success: false, ...failure });
    }
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 9, sales: 1 });
    expect(await orderCount()).toBe(1);

    // The customer who used a coupon is told it expired.
    await t.db
      .update(coupons)
      .set({ validTo: new Date(now - 1000) })
      .where(eq(coupons.code, 'ONCE'));
    expect(body(await attempt('ONCE'))).toEqual({ success: false, message: 'This coupon has expired', code: 'couponExpired' });
    expect(body(await postOrder(t, shop.bob.headers, orderPayload(shop.bob, { cuopon: 'ONCE', items: [{ productId: shop.saree.id, quantity: 1 }] })))).toEqual({
      success: false,
      message: 'Invalid coupon code',
      code: 'invalidCoupon',
    });
  });

  it('holds a coupon to its total limit under concurrent orders: exactly one of 8 gets it', async () => {
    await t.db.insert(coupons).values({ id: newId(), code: 'FIRST', kind: 'fixed', value: 100, usageLimit: 1 });
    const shoppers = await Promise.all(Array.from({ length: 8 }, (_, i) => createPerson(t, `shopper${i}@example.com`)));
    const answers = await Promise.all(
      shoppers.map((shopper) => postOrder(t, shopper.headers, orderPayload(shopper, { cuopon: 'FIRST', items: [{ productId: shop.tea.id, quantity: 1 }] }))),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
    const [coupon] = await t.db.select().from(coupons).where(eq(coupons.code, 'FIRST'));
    expect(coupon!.usedCount).toBe(1);
    expect(await orderCount()).toBe(1);
  });

  it('holds a coupon to its limit per customer, also under concurrent orders, and gives a use back when the order is cancelled', async () => {
    await t.db.insert(coupons).values({ id: newId(), code: 'WELCOME', kind: 'percent', value: 10, perCustomerLimit: 1 });
    const withCoupon = (customer: Person) =>
      postOrder(t, customer.headers, orderPayload(customer, { cuopon: 'WELCOME', items: [{ productId: shop.tea.id, quantity: 1 }] }));

    const answers = await Promise.all([withCoupon(shop.alice), withCoupon(shop.alice), withCoupon(shop.alice)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400, 400]);
    expect(body(answers.find((res) => res.statusCode === 400)!).message).toBe('You have already used this coupon');
    // Another customer has their own use.
    expect((await withCoupon(shop.bob)).statusCode).toBe(201);

    const first = placed(answers.find((res) => res.statusCode === 201)!).order;
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/update-status/${first._id}`,
      headers: shop.alice.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await withCoupon(shop.alice)).statusCode).toBe(201);
    const [coupon] = await t.db.select().from(coupons).where(eq(coupons.code, 'WELCOME'));
    expect(coupon!.usedCount).toBe(2);
  });

  it('stores the phone in the one form however it was typed: country code, spaces, dashes, Bangla digits', async () => {
    for (const phone of ['+880 1712-345678', '০১৭১২৩৪৫৬৭৮']) {
      const res = await postOrder(t, shop.alice.headers, orderPayload(shop.alice, { phone, items: [{ productId: shop.tea.id, quantity: 1 }] }));
      expect(res.statusCode, phone).toBe(201);
      expect(placed(res).order.phone).toBe('01712345678');
    }
  });

  it('takes a quantity sent as digits in either set', async () => {
    const res = await postOrder(t, shop.alice.headers, orderPayload(shop.alice, { phone: '০১৭১২৩৪৫৬৭৮', items: [{ productId: shop.tea.id, quantity: '২' }] }));
    expect(res.statusCode).toBe(201);
    expect(placed(res).order.items[0]!.quantity).toBe(2);
  });

  it('refuses bad input with the checkout messages', async () => {
    const cases: [Partial<Parameters<typeof orderPayload>[1]>, string][] = [
      [{ phone: '0171234567' }, 'Invalid Bangladeshi phone number'],
      [{ phone: '01212345678' }, 'Invalid Bangladeshi phone number'],
      [{ phone: '' }, 'Phone number is required'],
      [{ deliveryAddress: { division: 'Dhaka', district: 'Dhaka', city: 'Dhanmondi', addressDetails: ' ' } }, 'Address is required'],
      [{ deliveryAddress: { division: '', district: 'Dhaka', city: 'Dhanmondi', addressDetails: 'Road 5' } }, 'Division is required'],
      [{ deliveryAddress: { division: 'Dhaka', district: '', city: 'Dhanmondi', addressDetails: 'Road 5' } }, 'District is required'],
      [{ deliveryAddress: { division: 'Dhaka', district: 'Dhaka', city: '', addressDetails: 'Road 5' } }, 'City/Upazila is required'],
      [{ items: [] }, 'No item selected for checkout.'],
      [{ paymentMethod: 'card' as never }, 'Choose Cash on Delivery, Mobile Banking or Card'],
    ];
    for (const [override, message] of cases) {
      const res = await postOrder(t, shop.alice.headers, orderPayload(shop.alice, { items: [{ productId: shop.tea.id, quantity: 1 }], ...override }));
      expect(res.statusCode, message).toBe(400);
      expect(body(res).message).toBe(message);
    }
    const zero = await postOrder(t, shop.alice.headers, orderPayload(shop.alice, { items: [{ productId: shop.tea.id, quantity: 0 }] }));
    expect(body(zero).message).toBe('Quantity must be at least 1');
    expect(await orderCount()).toBe(0);
  });

  it('requires colour and size among the product’s own, and a product that exists', async () => {
    const cases: [object, string][] = [
      [{ productId: shop.panjabi.id, quantity: 1, size: 'M' }, 'Please choose a colour for Eid Cotton Panjabi'],
      [{ productId: shop.panjabi.id, quantity: 1, size: 'M', color: 'Pink' }, 'Eid Cotton Panjabi does not come in Pink'],
      [{ productId: shop.panjabi.id, quantity: 1, color: 'White' }, 'Please choose a size for Eid Cotton Panjabi'],
      [{ productId: shop.panjabi.id, quantity: 1, color: 'White', size: 'XXL' }, 'Eid Cotton Panjabi does not come in size XXL'],
      [{ productId: newId(), quantity: 1 }, 'A product in your order is no longer available'],
    ];
    for (const [item, message] of cases) {
      const res = await postOrder(t, shop.alice.headers, orderPayload(shop.alice, { items: [item as never] }));
      expect(res.statusCode, message).toBe(400);
      expect(body(res).message).toBe(message);
    }
    // A product without options takes none, whatever the browser sends.
    const res = await postOrder(
      t,
      shop.alice.headers,
      orderPayload(shop.alice, { items: [{ productId: shop.tea.id, quantity: 1, color: 'Red', size: 'XL' }] }),
    );
    expect(placed(res).order.items[0]).toMatchObject({ color: null, size: null });
  });

  it('answers 409 naming the product when the stock is short, counting every line of it', async () => {
    const more = await postOrder(
      t,
      shop.alice.headers,
      orderPayload(shop.alice, { items: [{ productId: shop.panjabi.id, quantity: 4, size: 'M', color: 'White' }] }),
    );
    expect(more.statusCode).toBe(409);
    expect(body(more).message).toBe('Only 3 left of Eid Cotton Panjabi');
    const split = await postOrder(
      t,
      shop.alice.headers,
      orderPayload(shop.alice, {
        items: [
          { productId: shop.panjabi.id, quantity: 2, size: 'M', color: 'White' },
          { productId: shop.panjabi.id, quantity: 2, size: 'L', color: 'Navy' },
        ],
      }),
    );
    expect(split.statusCode).toBe(409);
    expect(await stockOf(t, shop.panjabi.id)).toEqual({ remaining: 3, sales: 0 });
    expect(await orderCount()).toBe(0);
  });

  it('takes orders from signed-in customers for themselves only', async () => {
    const payload = orderPayload(shop.alice, { items: [{ productId: shop.tea.id, quantity: 1 }] });
    const anonymous = await postOrder(t, {}, payload);
    expect(anonymous.statusCode).toBe(401);
    const forSomeoneElse = await postOrder(t, shop.bob.headers, payload);
    expect(forSomeoneElse.statusCode).toBe(403);
    expect(await orderCount()).toBe(0);
  });

  it('answers 401, not 500, to an order from a customer deleted while their token was still valid', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/delete-user/${shop.alice.id}`, headers: shop.admin.headers })).statusCode).toBe(200);
    const res = await postOrder(t, shop.alice.headers, orderPayload(shop.alice, { items: [{ productId: shop.tea.id, quantity: 1 }] }));
    expect(res.statusCode).toBe(401);
    expect(body(res).success).toBe(false);
    expect(await orderCount()).toBe(0);
    expect(await stockOf(t, shop.tea.id)).toEqual({ remaining: 100, sales: 0 });
  });

  it('answers 401 when the customer is deleted between the session check and the order’s writes', async () => {
    const deps = t.paymentDeps();
    const actor = { id: shop.alice.id, role: 'user' as const, sessionId: 'checked-a-moment-ago' };
    await t.db.delete(users).where(eq(users.id, shop.alice.id));
    for (const key of [undefined, 'deleted-customer-key-1']) {
      const input = orderCreateSchema.parse(orderPayload(shop.alice, { items: [{ productId: shop.tea.id, quantity: 1 }] }));
      const attempt = placeOrder(deps, actor, input, key);
      await expect(attempt).rejects.toMatchObject({ statusCode: 401 });
    }
    expect(await orderCount()).toBe(0);
  });

  it('sells exactly the stock to 50 concurrent orders for a product with 10 left', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const customer = i % 2 === 0 ? shop.alice : shop.bob;
        return postOrder(t, customer.headers, orderPayload(customer, { items: [{ productId: shop.saree.id, quantity: 1 }] }));
      }),
    );
    const statuses = responses.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const res of responses.filter((r) => r.statusCode === 409)) expect(body(res).message).toBe('জামদানি শাড়ি is out of stock');
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 0, sales: 10 });
    expect(await orderCount()).toBe(10);
  });

  describe('Idempotency-Key', () => {
    const key = { 'idempotency-key': 'order-7f3c2a9e-1b4d-4c8a-9e2f-0a1b2c3d4e5f' };
    const payload = () => orderPayload(shop.alice, { items: [{ productId: shop.saree.id, quantity: 2 }] });

    it('turns 5 parallel sends of one order into one order, answered to all', async () => {
      const responses = await Promise.all(Array.from({ length: 5 }, () => postOrder(t, shop.alice.headers, payload(), key)));
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
      const ids = new Set(responses.map((r) => placed(r).order._id));
      expect(ids.size).toBe(1);
      expect(await orderCount()).toBe(1);
      expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 8, sales: 2 });

      const later = await postOrder(t, shop.alice.headers, payload(), key);
      expect(later.statusCode).toBe(200);
      expect(placed(later).order._id).toBe([...ids][0]);
      expect(await orderCount()).toBe(1);
    });

    it('refuses the same key with a different order, and keeps keys apart per customer', async () => {
      expect((await postOrder(t, shop.alice.headers, payload(), key)).statusCode).toBe(201);
      const changed = await postOrder(t, shop.alice.headers, orderPayload(shop.alice, { items: [{ productId: shop.saree.id, quantity: 3 }] }), key);
      expect(changed.statusCode).toBe(409);
      expect(body(changed).message).toBe('This Idempotency-Key was already used for a different order');
      const bobs = await postOrder(t, shop.bob.headers, orderPayload(shop.bob, { items: [{ productId: shop.saree.id, quantity: 2 }] }), key);
      expect(bobs.statusCode).toBe(201);
      expect(await orderCount()).toBe(2);
    });

    it('lets a request that failed be retried with its key', async () => {
      const tooMany = orderPayload(shop.alice, { items: [{ productId: shop.saree.id, quantity: 11 }] });
      expect((await postOrder(t, shop.alice.headers, tooMany, key)).statusCode).toBe(409);
      expect(await t.db.select().from(orderRequests)).toEqual([]);
      expect((await postOrder(t, shop.alice.headers, payload(), key)).statusCode).toBe(201);
    });

    it('refuses a malformed key', async () => {
      const res = await postOrder(t, shop.alice.headers, payload(), { 'idempotency-key': 'short' });
      expect(res.statusCode).toBe(400);
      expect(await orderCount()).toBe(0);
    });
  });
});

async function placeCash(customer: Person, quantity = 1) {
  const res = await postOrder(t, customer.headers, orderPayload(customer, { items: [{ productId: shop.saree.id, quantity }] }));
  expect(res.statusCode).toBe(201);
  return placed(res).order;
}

const setStatus = (headers: Record<string, string>, orderId: string, status: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/order/update-status/${orderId}`, headers, payload: { status } });

describe('POST /api/order/quote', () => {
  const quote = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: '/api/order/quote', headers, payload });

  it('answers the figures placing the order would charge, coupon included, without counting a use or taking stock', async () => {
    const lines = [{ productId: shop.saree.id, quantity: 1 }];
    const res = await quote(shop.alice.headers, { items: lines, cuopon: 'save20', district: 'dhaka' });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({
      items: [
        {
          productId: shop.saree.id,
          variantId: null,
          productName: 'জামদানি শাড়ি',
          productNameBn: null,
          image: shop.saree.images[0],
          quantity: 1,
          size: null,
          color: null,
          price: 1350,
          subTotal: 1350,
        },
      ],
      subTotal: 1350,
      discount: 270,
      coupon: 'SAVE20',
      deliveryFee: 60,
      totalPrice: 1140,
    });
    const [coupon] = await t.db.select().from(coupons);
    expect(coupon!.usedCount).toBe(0);
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 10, sales: 0 });

    const placedOrder = await postOrder(t, shop.alice.headers, orderPayload(shop.alice, { cuopon: 'SAVE20', items: lines, totalPrice: 1140 }));
    expect(placed(placedOrder).order).toMatchObject({ subTotal: 1350, discount: 270, deliveryFee: 60, totalPrice: 1140 });
  });

  it('leaves delivery and the total open until a district is chosen, and rounds the total to whole taka', async () => {
    const open = await quote(shop.alice.headers, { items: [{ productId: shop.tea.id, quantity: 3 }] });
    expect(body(open).data).toMatchObject({ subTotal: 254.97, discount: 0, coupon: null, deliveryFee: null, totalPrice: null });
    expect(body<OrderQuote>(open).data.items).toMatchObject([{ productId: shop.tea.id, quantity: 3, price: 84.99, subTotal: 254.97 }]);
    const outside = await quote(shop.alice.headers, { items: [{ productId: shop.tea.id, quantity: 3 }], district: 'Sylhet' });
    expect(body(outside).data).toMatchObject({ deliveryFee: 120, totalPrice: 375 });
  });

  it('never lets a coupon make the items free: they cost at least ৳1 after it', async () => {
    await t.db.insert(coupons).values([
      { id: newId(), code: 'ALL', kind: 'percent', value: 100 },
      { id: newId(), code: 'HUGE', kind: 'fixed', value: 100_000 },
    ]);
    const lines = [{ productId: shop.saree.id, quantity: 1 }];
    for (const code of ['ALL', 'HUGE']) {
      const res = await quote(shop.alice.headers, { items: lines, cuopon: code, district: 'Dhaka' });
      expect(body(res).data, code).toMatchObject({ subTotal: 1350, discount: 1349, coupon: code, deliveryFee: 60, totalPrice: 61 });
    }
  });

  it('says why a coupon does not apply to this cart, and asks for sign-in', async () => {
    await t.db.insert(coupons).values({ id: newId(), code: 'BIG', kind: 'fixed', value: 100, minOrder: 2000 });
    const lines = [{ productId: shop.saree.id, quantity: 1 }];
    const unknown = await quote(shop.alice.headers, { items: lines, cuopon: 'NOPE' });
    expect([unknown.statusCode, body(unknown).message]).toEqual([400, 'Invalid coupon code']);
    const small = await quote(shop.alice.headers, { items: lines, cuopon: 'big' });
    expect([small.statusCode, body(small).message]).toEqual([400, 'This coupon needs items worth at least ৳2,000']);
    expect((await quote({}, { items: lines })).statusCode).toBe(401);
  });

  describe('coupon codes tried', () => {
    const TOO_MANY = { success: false, message: 'Too many coupon codes were tried. Please try again in an hour.', code: 'tooManyCouponTries' };
    const tryCode = (person: Person, code: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/order/quote',
        headers: person.headers,
        payload: { items: [{ productId: shop.saree.id, quantity: 1 }], cuopon: code },
        remoteAddress,
      });

    it('allows one account 10 codes that are no coupon an hour, from any number of addresses, then refuses even a real one', async () => {
      const answers = [];
      for (let i = 0; i < 12; i += 1) answers.push((await tryCode(shop.alice, `GUESS${i}`, `2001:db8:${i}::1`)).statusCode);
      expect(answers).toEqual([...Array(10).fill(400), 429, 429]);
      expect(body(await tryCode(shop.alice, 'SAVE20', '2001:db8:99::1'))).toEqual(TOO_MANY);
      // Placing an order with a guessed code is the same try.
      const placing = await postOrder(
        t,
        shop.alice.headers,
        orderPayload(shop.alice, { cuopon: 'GUESS99', items: [{ productId: shop.saree.id, quantity: 1 }] }),
      );
      expect(body(placing)).toEqual(TOO_MANY);
      // Another customer is not held to it.
      expect((await tryCode(shop.bob, 'SAVE20', '203.0.113.9')).statusCode).toBe(200);
    });

    it('allows one client /64 30 such codes an hour, whatever the accounts', async () => {
      const shoppers = await Promise.all(Array.from({ length: 4 }, (_, i) => createPerson(t, `guesser${i}@example.com`)));
      const answers = [];
      for (let i = 0; i < 31; i += 1) answers.push((await tryCode(shoppers[i % 4]!, `GUESS${i}`, `2001:db8:1:2::${i + 1}`)).statusCode);
      expect(answers).toEqual([...Array(30).fill(400), 429]);
      expect((await tryCode(shoppers[0]!, 'GUESS', '2001:db8:1:3::1')).statusCode).toBe(400);
    });

    it('does not count a real coupon, however often the checkout asks', async () => {
      for (let i = 0; i < 15; i += 1) expect((await tryCode(shop.alice, 'save20', '203.0.113.9')).statusCode).toBe(200);
    });
  });
});

describe('GET /api/order/get-order-by-customerId/:customerId', () => {
  it('lists a customer’s own orders newest first', async () => {
    const first = await placeCash(shop.alice);
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, first._id));
    const second = await placeCash(shop.alice, 2);
    await placeCash(shop.bob);
    const res = await t.app.inject({ method: 'GET', url: `/api/order/get-order-by-customerId/${shop.alice.id}`, headers: shop.alice.headers });
    expect(res.statusCode).toBe(200);
    const list = body<Order[]>(res).data;
    expect(list.map((o) => o._id)).toEqual([second._id, first._id]);
    expect(list[0]!.items).toHaveLength(1);
  });

  it("refuses another customer's list with 403 and lets an admin read any", async () => {
    await placeCash(shop.alice);
    const other = await t.app.inject({ method: 'GET', url: `/api/order/get-order-by-customerId/${shop.alice.id}`, headers: shop.bob.headers });
    expect(other.statusCode).toBe(403);
    expect(body(other).data).toBeUndefined();
    const admin = await t.app.inject({ method: 'GET', url: `/api/order/get-order-by-customerId/${shop.alice.id}`, headers: shop.admin.headers });
    expect(body<Order[]>(admin).data).toHaveLength(1);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/order/get-order-by-customerId/${shop.alice.id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PATCH /api/order/update-status/:orderId', () => {
  it('lets a customer cancel their own pending unpaid order, returning the stock', async () => {
    const order = await placeCash(shop.alice, 3);
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 7, sales: 3 });
    const res = await setStatus(shop.alice.headers, order._id, 'cancelled');
    expect(res.statusCode).toBe(200);
    expect(body<Order>(res).data.status).toBe('cancelled');
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 10, sales: 0 });

    const again = await setStatus(shop.alice.headers, order._id, 'cancelled');
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('Only pending orders can be cancelled');
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 10, sales: 0 });
  });

  it('lets a customer do nothing else: other statuses, other people’s orders, paid orders', async () => {
    const order = await placeCash(shop.alice);
    const processing = await setStatus(shop.alice.headers, order._id, 'processing');
    expect(processing.statusCode).toBe(403);
    const bobCancels = await setStatus(shop.bob.headers, order._id, 'cancelled');
    expect(bobCancels.statusCode).toBe(403);
    await t.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, order._id));
    const paid = await setStatus(shop.alice.headers, order._id, 'cancelled');
    expect(paid.statusCode).toBe(409);
    expect(body(paid).message).toBe('This order is paid: submit a refund request to cancel it');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.status).toBe('pending');
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 9, sales: 1 });
  });

  it('lets an admin move an order along pending → processing → shipped → delivered, and no other way', async () => {
    const order = await placeCash(shop.alice);
    expect((await setStatus(shop.admin.headers, order._id, 'delivered')).statusCode).toBe(409);
    for (const status of ['processing', 'shipped', 'delivered']) {
      const res = await setStatus(shop.admin.headers, order._id, status);
      expect(res.statusCode, status).toBe(200);
      expect(body<Order>(res).data.status).toBe(status);
    }
    const back = await setStatus(shop.admin.headers, order._id, 'pending');
    expect(back.statusCode).toBe(409);
    expect(body(back).message).toBe('An order that is delivered cannot become pending');
    expect((await setStatus(shop.admin.headers, order._id, 'cancelled')).statusCode).toBe(409);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    // Cash on delivery: delivered means collected.
    expect(row).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 9, sales: 1 });
  });

  it('lets an admin cancel a shipped order, returning its stock once', async () => {
    const order = await placeCash(shop.alice, 4);
    await setStatus(shop.admin.headers, order._id, 'processing');
    await setStatus(shop.admin.headers, order._id, 'shipped');
    expect((await setStatus(shop.admin.headers, order._id, 'cancelled')).statusCode).toBe(200);
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 10, sales: 0 });
    expect((await setStatus(shop.admin.headers, order._id, 'cancelled')).statusCode).toBe(409);
    expect(await stockOf(t, shop.saree.id)).toEqual({ remaining: 10, sales: 0 });
  });

  it('answers 404 for an unknown order and 400 for an unknown status', async () => {
    const missing = await setStatus(shop.admin.headers, newId(), 'processing');
    expect(missing.statusCode).toBe(404);
    expect(body(missing).message).toBe('Order not found');
    const order = await placeCash(shop.alice);
    const unknown = await setStatus(shop.admin.headers, order._id, 'lost');
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).message).toBe('Unknown order status');
  });
});

describe('GET /api/order/invoice/:orderId', () => {
  it('sends the owner a PDF attachment with the Latin and Bengali fonts embedded', async () => {
    const order = await placeCash(shop.alice);
    const res = await t.app.inject({ method: 'GET', url: `/api/order/invoice/${order._id}`, headers: shop.alice.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${order._id}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdf.toString('latin1');
    expect(text).toMatch(/\/FontName \/[A-Z]{6}\+NotoSans-Regular/);
    expect(text).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansBengali-Regular/);
    expect(text.match(/\/FontFile2/g)?.length).toBeGreaterThanOrEqual(3);
    expect(text).not.toContain('Helvetica');
  });

  it("is written in the shopper's language: Bangla labels, amounts and dates for a Bangla session", async () => {
    const order = await placeCash(shop.alice);
    const url = `/api/order/invoice/${order._id}`;
    const english = await pdfText((await t.app.inject({ method: 'GET', url, headers: shop.alice.headers })).rawPayload);
    expect(english).toContain('INVOICE');
    expect(english).toContain('Deliver to');
    const bangla = await pdfText((await t.app.inject({ method: 'GET', url, headers: { ...shop.alice.headers, cookie: 'lang=bn' } })).rawPayload);
    // Words without a vowel sign drawn before its consonant (ে, ি): a PDF's text comes out in the order glyphs are drawn.
    for (const label of ['হাট', 'পণ্য', 'একক দাম', 'মূল্য']) expect(bangla, label).toContain(label);
    // Bangla digits and Latin separators are set in two fonts, so they come out as separate runs.
    expect(bangla.replace(/\s+/g, '')).toMatch(/৳[০-৯,]+\.[০-৯]{2}/);
    expect(bangla).toContain('২০২৬');
    expect(bangla).not.toContain('Deliver to');
    // The delivery address's places, stored by their English names, are named in Bangla.
    expect(english).toContain('Dhanmondi, Dhaka, Dhaka');
    expect(bangla).toContain('ঢাকা');
    expect(bangla).not.toMatch(/Dhanmondi|Dhaka/);
    // Without a chosen language, the browser's decides.
    const followed = await pdfText((await t.app.inject({ method: 'GET', url, headers: { ...shop.alice.headers, 'accept-language': 'bn-BD' } })).rawPayload);
    expect(followed).toContain('একক দাম');
  });

  it("refuses another customer's invoice and lets an admin download any", async () => {
    const order = await placeCash(shop.alice);
    const bob = await t.app.inject({ method: 'GET', url: `/api/order/invoice/${order._id}`, headers: shop.bob.headers });
    expect(bob.statusCode).toBe(403);
    expect(bob.headers['content-type']).toMatch(/^application\/json/);
    const admin = await t.app.inject({ method: 'GET', url: `/api/order/invoice/${order._id}`, headers: shop.admin.headers });
    expect(admin.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/order/invoice/${newId()}`, headers: shop.admin.headers })).statusCode).toBe(404);
  });
});
