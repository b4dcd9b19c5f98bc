import { writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '../../contract/text';
import { newId } from '../db/ids';
import { coupons } from '../db/schema';
import { mediaDir } from '../config';
import { orderPayload, placed, postOrder, stockShop, type StockedShop } from '../modules/orders/test-fixtures';
import { placeMobileBankingOrder } from '../modules/payments/test-fixtures';
import { browserSubscription } from '../modules/push/test-fixtures';
import { fileBlob, insertCategory, insertSubCategory, insertSubSubCategory, picture } from '../modules/products/test-fixtures';
import { authAs, body, createUser, TEST_PASSWORD, useShop, type Person } from '../test/harness';

/**
 * Walks every route of the app, as its OpenAPI document describes it (so a new route is walked as soon as it is
 * declared), with hostile values in its path, query, body, headers and cookies, as an anonymous caller, a customer and
 * an admin: nothing may answer a 500. Each value goes into one field of an otherwise valid request where the route has
 * one below, so it reaches as far into the route as a real attacker's would.
 */

// One shop for the whole walk: requests that succeed change it as they would change a real one.
// Pushes go to a loopback address nothing listens on: refused at once, and nothing leaves the machine.
const t = useShop({ people: true, shareData: true, env: { PUSH_ALLOW_LOOPBACK: 'true' } });

type Parameter = { in: 'path' | 'query' | 'header'; name: string };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};
type JsonSchema = { properties?: Record<string, unknown>; anyOf?: JsonSchema[]; oneOf?: JsonSchema[] };
type Route = { method: string; url: string; operation: Operation };
type Fields = Record<string, unknown>;
type ValidRequest = { params?: Record<string, string>; query?: Fields; body?: Fields | unknown[]; headers?: Record<string, string> };

const MB = 1024 * 1024;
const HOSTILE_TEXT = ['a\u0000b', '\u0000', 'x'.repeat(6000), 'x'.repeat(100_000), 'ক'.repeat(30_000), 'x'.repeat(MB), '', '   '];
const HOSTILE_JSON: unknown[] = [...HOSTILE_TEXT, [], ['a', 'b'], {}, { $gt: '' }, true, null, 1e308, -1e308, 2 ** 63, -1, 0, 1.5, 1e-7];
const HOSTILE_QUERY = [
  'a\u0000b',
  'x'.repeat(6000),
  'x'.repeat(100_000),
  'x'.repeat(MB),
  '1e309',
  '-1',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '99999999999999999999',
  '0.000001',
  '[]',
  '{}',
];
const HOSTILE_PATH = ['%00', 'a%00b', 'x'.repeat(90), 'x'.repeat(6000), '..%2F..%2Fetc%2Fpasswd', '-1', '1e309', '%F0%9F%92%A9', '%E0%A6'];

let shop: StockedShop;
let valid: Record<string, ValidRequest>;
let routes: Route[];

function fieldsOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const own = Object.keys(schema.properties ?? {});
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap(fieldsOf);
  return [...new Set([...own, ...branches])];
}

function bodyType(operation: Operation): 'json' | 'form' | null {
  const content = operation.requestBody?.content ?? {};
  if ('application/json' in content) return 'json';
  if ('application/x-www-form-urlencoded' in content) return 'form';
  return null;
}

/** Path with its parameters filled in; unknown ones get an id that names nothing. */
function pathOf(route: Route, params: Record<string, string>): string {
  return route.url.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '0123456789abcdef01234567');
}

function queryString(query: Fields): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function request(route: Route, caller: Person | null, parts: ValidRequest): InjectOptions {
  const type = bodyType(route.operation);
  const headers: Record<string, string> = { ...(caller ? caller.headers : {}), ...parts.headers };
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: pathOf(route, parts.params ?? {}) + queryString(parts.query ?? {}),
    headers,
  };
  if (parts.body && type === 'json') options.payload = parts.body;
  if (parts.body && type === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    options.payload = new URLSearchParams(Object.entries(parts.body).map(([k, v]) => [k, String(v)])).toString();
  }
  return options;
}

const key = (route: Route) => `${route.method} ${route.url}`;
const callers = () => [null, t.alice, t.admin] as const;
const who = (caller: Person | null) => caller?.role ?? 'anonymous';

/** Sends every request and answers the ones that got a 500 (or an /api failure without the envelope's message). */
async function broken(requests: { what: string; options: InjectOptions }[]): Promise<string[]> {
  const found: string[] = [];
  for (const { what, options } of requests) {
    let res: LightMyRequestResponse;
    try {
      res = await t.app.inject(options);
    } catch (err) {
      found.push(`${what}: threw ${String(err)}`);
      continue;
    }
    if (res.statusCode >= 500) found.push(`${what}: ${res.statusCode}`);
    else if (res.statusCode >= 400 && String(options.url).startsWith('/api/') && res.headers['content-type']?.toString().includes('json')) {
      const answer = body(res);
      if (answer.success !== false || typeof answer.message !== 'string' || answer.message === '') found.push(`${what}: ${res.statusCode} without a message`);
    }
  }
  return found;
}

beforeAll(async () => {
  shop = await stockShop(t);
  const category = await insertCategory(t.db, 'Walk');
  const sub = await insertSubCategory(t.db, category.id, 'Walk sub');
  const subSub = await insertSubSubCategory(t.db, sub, 'Walk sub-sub');
  const upload = new FormData();
  upload.append('categoryName', 'Pictures');
  upload.append('categoryImage', fileBlob(await picture(64, 64, 'jpeg'), 'image/jpeg'), 'p.jpg');
  const uploaded = await t.app.inject({ method: 'POST', url: '/api/categories', payload: upload, headers: t.admin.headers });
  const image = body<{ categoryImage: string }>(uploaded).data.categoryImage;
  const cashOrder = placed(await postOrder(t, t.alice.headers, orderPayload(t.alice, { items: [{ productId: shop.tea.id, quantity: 1 }] }))).order;
  const online = await placeMobileBankingOrder(t, shop, t.alice);
  const sessionKey = online.url.split('/').at(-1)!;
  const paid = online.forms.pay.fields;

  const [walkCoupon] = await t.db.insert(coupons).values({ id: newId(), code: 'WALKED', kind: 'fixed', value: 10 }).returning();
  const couponId = { id: walkCoupon!.id };
  const ids = { id: category.id, productId: shop.saree.id, customerId: t.alice.id, orderId: cashOrder._id, file: image.slice('/media/'.length), sessionKey };
  const product = { productId: shop.saree.id };
  const walkDevice = browserSubscription('http://127.0.0.1:9/walk').subscription;
  const unknownId = { id: '0123456789abcdef01234567' };
  const savedAddress = { phone: '01712345678', division: 'Sylhet', district: 'Sylhet', city: 'Sylhet Sadar', addressDetails: 'House 3', isDefault: true };
  const adminOrderQuery = {
    status: 'pending',
    paymentStatus: 'unpaid',
    paymentMethod: 'cash',
    from: '2026-01-01',
    to: '2999-12-31',
    search: 'alice',
    page: 1,
    limit: 10,
  };
  valid = {
    'POST /api/user/register': {
      body: { method: 'email', name: 'Walk Shopper', email: 'walk@example.com', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
    },
    'POST /api/user/resend-registration': { body: { method: 'phone', phone: '01711000009', registration: 'abcdefghijklmnop' } },
    'POST /api/user/verify-account': { body: { token: 'abcdefghijklmnop', password: TEST_PASSWORD } },
    'POST /api/user/verify-otp': { body: { phone: '01711000009', code: '1234', registration: 'abcdefghijklmnop' } },
    'POST /api/user/signin': { body: { identifier: t.bob.email, password: TEST_PASSWORD } },
    'POST /api/user/google-login': { body: { authCode: 'not-a-google-token' } },
    'POST /api/user/logout': { body: { pushEndpoint: walkDevice.endpoint } },
    'POST /api/user/forgot-password': { body: { identifier: t.bob.email } },
    'POST /api/user/verify-reset-otp': { body: { identifier: t.bob.email, code: '1234', resetRequest: 'abcdefghijklmnop' } },
    'POST /api/user/reset-password': { body: { identifier: t.bob.email, resetToken: 'abcdef', password: TEST_PASSWORD } },
    'GET /api/user/get-user-by-search': { query: { searchTerm: 'a', role: 'user' } },
    'PATCH /api/user/change-role': { body: { userId: t.bob.id, role: 'user' } },
    'DELETE /api/user/delete-user/{id}': { params: unknownId },
    'GET /api/user/get-single-user/{id}': { params: { id: t.alice.id } },
    'PUT /api/user/update-profile': { body: { id: t.alice.id, name: 'Alice Rahman', address: 'Dhanmondi', orderNotifications: true, ownerAlerts: true } },
    'POST /api/push/subscriptions': { body: walkDevice },
    'DELETE /api/push/subscriptions': { body: { endpoint: walkDevice.endpoint } },
    'POST /api/user/confirm-email': { body: { token: 'abcdefghijklmnop' } },
    'POST /api/user/confirm-phone': { body: { code: '1234' } },
    'PATCH /api/user/change-password': {
      body: { id: t.alice.id, currentPassword: 'not-the-password', newPassword: 'secret1234', confirmPassword: 'secret1234' },
    },
    'POST /api/user/upload-profile-image': { body: { id: t.alice.id } },
    'POST /api/categories': { body: { categoryName: 'Walked', categoryImage: image } },
    'PUT /api/categories/{id}': { params: ids, body: { categoryName: 'Walk', categoryImage: image } },
    'DELETE /api/categories/{id}': { params: unknownId },
    'GET /api/categories/{id}': { params: ids },
    'GET /api/subcategories': { query: { categoryId: category.id } },
    'POST /api/subcategories': { body: { subCategoryName: 'Walked sub', categoryId: category.id } },
    'PUT /api/subcategories/{id}': { params: { id: sub.id }, body: { subCategoryName: 'Walk sub', categoryId: category.id } },
    'DELETE /api/subcategories/{id}': { params: unknownId },
    'GET /api/subcategories/{id}': { params: { id: sub.id } },
    'GET /api/subsubcategories': { query: { subCategoryId: sub.id, categoryId: category.id } },
    'GET /api/subsubcategories/{id}': { params: { id: subSub.id } },
    'POST /api/subsubcategories': { body: { subSubCategoryName: 'Walked sub-sub', subCategoryId: sub.id } },
    'PUT /api/subsubcategories/{id}': { params: { id: subSub.id }, body: { subSubCategoryName: 'Walk sub-sub', subCategoryId: sub.id } },
    'DELETE /api/subsubcategories/{id}': { params: unknownId },
    'POST /api/banner': { body: { bannerImage: image, bannerOffer: 10, bannerCategory: category.id } },
    'PUT /api/banner/{id}': { params: unknownId, body: { bannerOffer: 20 } },
    'DELETE /api/banner/{id}': { params: unknownId },
    'POST /api/logo': { body: { url: image, alt: 'haat' } },
    'DELETE /api/logo/{id}': { params: unknownId },
    'GET /api/products': { query: { search: 'saree', category: 'Fashion', minPrice: 10, maxPrice: 5000, discount: 0, page: 1, limit: 10, sortBy: 'rating' } },
    'GET /api/products/suggest': { query: { q: 'sar' } },
    'GET /api/products/{id}': { params: { id: shop.saree.id } },
    'POST /api/products': { body: { name: 'Walk product', originalPrice: 100, category: category.id, productImages: [image], colors: 'red, blue' } },
    'PUT /api/products/{id}': { params: { id: shop.tea.id }, body: { productName: 'Sylhet Tea 500 g', productOriginalPrice: 99.99 } },
    'DELETE /api/products/{id}': { params: unknownId },
    'POST /api/products/{productId}/reviews': { params: product, body: { review: { userId: t.alice.id, stars: 5, text: 'Lovely' } } },
    'POST /api/wishlist/add-to-wishlist/{customerId}': { params: ids, body: product },
    'GET /api/wishlist/get-wishlist/{customerId}': { params: ids },
    'POST /api/addresses': { body: savedAddress },
    'PUT /api/addresses/{addressId}': { params: { addressId: unknownId.id }, body: savedAddress },
    'POST /api/addresses/{addressId}/default': { params: { addressId: unknownId.id } },
    'DELETE /api/addresses/{addressId}': { params: { addressId: unknownId.id } },
    'DELETE /api/wishlist/remove/{customerId}/{productId}': { params: ids },
    'PUT /api/delivery-zones': {
      body: { zones: [{ name: 'Dhaka city', districts: ['Dhaka'], fee: 60, freeFrom: null }], otherDistricts: { fee: 120, freeFrom: 5000 } },
    },
    'POST /api/shipping-fee/add': { body: { shippingFee: 60, shippingFeeOutside: 120 } },
    'GET /api/coupons': { query: { search: 'save', page: 1, limit: 10 } },
    'GET /api/coupons/{id}': { params: couponId },
    'POST /api/coupons': {
      body: { code: 'WALK10', kind: 'percent', value: 10, minOrder: 100, validFrom: '2026-01-01', validTo: '2030-12-31', usageLimit: 50, perCustomerLimit: 1 },
    },
    'PUT /api/coupons/{id}': {
      params: couponId,
      body: { code: 'WALK11', kind: 'fixed', value: 20, minOrder: null, validFrom: null, validTo: '2030-12-31', usageLimit: 5, perCustomerLimit: 2 },
    },
    'DELETE /api/coupons/{id}': { params: unknownId },
    'GET /api/shop-words': { query: { search: 'rice', page: 1, limit: 10 } },
    'POST /api/shop-words': { body: { words: ['walk', 'হাঁটা'] } },
    'PUT /api/shop-words/{id}': { params: unknownId, body: { words: ['walk', 'হাঁটা'] } },
    'DELETE /api/shop-words/{id}': { params: unknownId },
    'GET /api/user/users': { query: { search: 'a', role: 'user', page: 1, limit: 10 } },
    'GET /api/products/manage': { query: { search: 'saree', sortBy: 'stock', page: 1, limit: 10 } },
    // The import reads a text/csv file: its hostile files are walked in server/modules/products/product-csv.test.ts.
    'POST /api/products/import/preview': {},
    'POST /api/products/import/apply': { query: { preview: 'a'.repeat(64) } },
    'POST /api/order/post-order': {
      body: orderPayload(t.alice, { items: [{ productId: shop.tea.id, quantity: 1 }] }) as Fields,
      headers: { 'idempotency-key': 'walk-key-0001' },
    },
    'POST /api/order/quote': { body: { items: [{ productId: shop.tea.id, quantity: 1 }], cuopon: 'SAVE20', district: 'Dhaka' } },
    'GET /api/order/get-order-by-customerId/{customerId}': { params: ids },
    'PATCH /api/order/update-status/{orderId}': { params: ids, body: { status: 'processing' } },
    'GET /api/order/invoice/{orderId}': { params: ids },
    'POST /api/order/confirm-cash/{orderId}': { params: ids, body: { code: '123456' } },
    'POST /api/order/confirm-cash/{orderId}/resend': { params: ids },
    'POST /api/admin/orders/{orderId}/confirm-cash': { params: ids },
    'POST /api/admin/orders/{orderId}/courier': { params: ids, body: { other: { courier: 'Sundarban', code: 'SB-1', url: 'https://sundarban.example/t/1' } } },
    'POST /api/admin/orders/{orderId}/courier/status': { params: ids },
    'POST /api/courier/{provider}/webhook': {
      params: { provider: 'sandbox' },
      query: { token: 'walk' },
      body: { consignment_id: 'walk', status: 'delivered', updated_at: 'walk' },
    },
    'POST /api/courier/sandbox/create_order': {
      body: { invoice: 'walk', recipient_name: 'Walk', recipient_phone: '01711000001', recipient_address: 'Dhaka', cod_amount: 10 },
    },
    'GET /api/courier/sandbox/status_by_cid/{consignmentId}': { params: { consignmentId: 'walk' } },
    'GET /api/courier/sandbox/track/{trackingCode}': { params: { trackingCode: 'SBXWALK' } },
    'POST /api/courier/sandbox/deliver/{trackingCode}': { params: { trackingCode: 'SBXWALK' } },
    'POST /api/courier/sandbox/return/{trackingCode}': { params: { trackingCode: 'SBXWALK' } },
    'POST /api/refund/post': { body: { orderId: online.order._id, refundMethod: 'bkash', refundNumber: '01711000001' } },
    'PATCH /api/refund/{id}': { params: unknownId, body: { status: 'approved' } },
    'GET /api/admin/orders': { query: adminOrderQuery },
    'GET /api/admin/orders/export': { query: adminOrderQuery },
    'GET /api/admin/orders/{orderId}': { params: ids },
    'PATCH /api/admin/orders/{orderId}/status': { params: ids, body: { status: 'processing' } },
    'GET /api/admin/orders/{orderId}/packing-slip': { params: ids },
    'GET /api/admin/orders/{orderId}/notes': { params: ids },
    'POST /api/admin/orders/{orderId}/notes': { params: ids, body: { body: 'Called the customer' } },
    'GET /api/admin/refunds': { query: { status: 'pending', page: 1, limit: 10 } },
    'POST /api/returns/': {
      body: {
        orderId: unknownId.id,
        lines: [{ line: 0, quantity: 1 }],
        reason: 'other',
        note: 'Too small',
        refundMethod: 'bkash',
        refundNumber: '01711000001',
      },
    },
    'GET /api/admin/returns/': { query: { status: 'requested' } },
    'POST /api/admin/returns/{id}/approve': { params: unknownId, body: { pickup: 'courier' } },
    'POST /api/admin/returns/{id}/reject': { params: unknownId, body: { reason: 'Used already' } },
    'POST /api/admin/returns/{id}/received': { params: unknownId },
    'POST /api/admin/returns/{id}/refund': { params: unknownId, body: { payout: 'manual', reference: 'TRX0001' } },
    'POST /api/admin/refunds/{id}/approve': { params: unknownId, body: { payout: 'manual', reference: 'TRX0001' } },
    'POST /api/admin/refunds/{id}/reject': { params: unknownId, body: { reason: 'Delivered already' } },
    'GET /api/seller/orders': { query: { status: 'pending', page: 1, limit: 10 } },
    'POST /api/client-events': {
      body: [
        { type: 'vital', name: 'LCP', value: 1800, route: '/products/$id', connection: '4g', saveData: false, servedBy: 'ssr' },
        { type: 'error', kind: 'boundary', message: 'Walked', route: '/cart', buildId: 'walk-1' },
      ],
    },
    'GET /api/admin/vitals': { query: { days: 30 } },
    'POST /api/payment/retry/{tranId}': { params: { tranId: online.order.transaction_id! } },
    'POST /api/payment/ipn': { body: paid },
    'POST /api/payment/success': { body: paid },
    'POST /api/payment/fail': { body: paid },
    'POST /api/payment/cancel': { body: paid },
    'GET /media/{file}': { params: ids, query: { w: 250 } },
    'GET /sandbox/pay/{sessionKey}': { params: ids },
    'POST /sandbox/pay/{sessionKey}': { params: ids, body: online.forms.cancel.fields },
    'GET /sandbox/validator/api/validationserverAPI.php': { query: { val_id: 'x', store_id: 'haat', store_passwd: 'x', format: 'json' } },
    'GET /sandbox/validator/api/merchantTransIDvalidationAPI.php': { query: { bank_tran_id: 'x', refund_amount: '1', store_id: 'haat', store_passwd: 'x' } },
    'POST /sandbox/gwprocess/v4/api.php': { body: { store_id: 'haat', total_amount: '10', currency: 'BDT', tran_id: 'x' } },
  };

  const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
  routes = Object.entries(doc.paths).flatMap(([url, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), url, operation })),
  );
});

/** A route answering server-sent events. */
const isEventStream = (route: Route) => Object.values(route.operation.responses ?? {}).some((answer) => answer.content?.['text/event-stream'] !== undefined);

/** The walks send thousands of requests and grow with every route: more than the default 30 s on a busy machine. */
const WALK_TIMEOUT_MS = 120_000;

describe('every route, walked with hostile input', () => {
  it('covers every declared route, and knows a valid request for each one that reads input', () => {
    expect(routes.length).toBe(t.app.apiRoutes.filter((route) => route.method !== 'HEAD').length);
    const readsInput = routes.filter((route) => route.operation.parameters?.length || route.operation.requestBody);
    expect(readsInput.filter((route) => !valid[key(route)]).map(key)).toEqual([]);
  });

  it('never answers a 500 to hostile path parameters', async () => {
    const requests = routes.flatMap((route) => {
      const names = (route.operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const base = valid[key(route)] ?? {};
      return names.flatMap((name) =>
        HOSTILE_PATH.flatMap((value) =>
          callers().map((caller) => ({
            what: `${key(route)} ${name}=${value.slice(0, 20)} as ${who(caller)}`,
            options: request(route, caller, { ...base, params: { ...base.params, [name]: value } }),
          })),
        ),
      );
    });
    expect(await broken(requests)).toEqual([]);
  });

  it('never answers a 500 to hostile query values', { timeout: WALK_TIMEOUT_MS }, async () => {
    const requests = routes.flatMap((route) => {
      const names = (route.operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const base = valid[key(route)] ?? {};
      return names.flatMap((name) =>
        [...HOSTILE_QUERY, ['1', '2']].flatMap((value) =>
          callers().map((caller) => ({
            what: `${key(route)} ?${name}=${String(value).slice(0, 20)} as ${who(caller)}`,
            options: request(route, caller, { ...base, query: { ...base.query, [name]: value } }),
          })),
        ),
      );
    });
    expect(await broken(requests)).toEqual([]);
  });

  it('never answers a 500 to hostile body fields', { timeout: WALK_TIMEOUT_MS }, async () => {
    const requests = routes.flatMap((route) => {
      const type = bodyType(route.operation);
      if (!type) return [];
      const schema = route.operation.requestBody!.content[type === 'json' ? 'application/json' : 'application/x-www-form-urlencoded']!.schema;
      const base = valid[key(route)] ?? {};
      const values = type === 'json' ? HOSTILE_JSON : HOSTILE_TEXT;
      return fieldsOf(schema).flatMap((name) =>
        values.flatMap((value) =>
          callers().map((caller) => ({
            what: `${key(route)} body.${name}=${JSON.stringify(value)?.slice(0, 20)} as ${who(caller)}`,
            options: request(route, caller, { ...base, body: { ...base.body, [name]: value } }),
          })),
        ),
      );
    });
    expect(await broken(requests)).toEqual([]);
  });

  it('never answers a 500 to a body of the wrong shape or kind', async () => {
    const shapes: { name: string; payload: string; type: string }[] = [
      { name: 'array', payload: '[1,2,3]', type: 'application/json' },
      { name: 'string', payload: '"text"', type: 'application/json' },
      { name: 'number', payload: '1e400', type: 'application/json' },
      { name: 'null', payload: 'null', type: 'application/json' },
      { name: 'deep', payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, type: 'application/json' },
      { name: 'broken JSON', payload: '{"a": ', type: 'application/json' },
      { name: 'NUL key', payload: '{"\\u0000": "x", "__proto__": {"admin": true}}', type: 'application/json' },
      { name: 'form with NUL', payload: 'a=%00&tran_id=%00&%00=1', type: 'application/x-www-form-urlencoded' },
      { name: 'huge form', payload: `a=${'x'.repeat(70_000)}`, type: 'application/x-www-form-urlencoded' },
      { name: 'malformed multipart', payload: '--nope\r\ncontent-disposition: form-data; name="a"\r\n\r\nx', type: 'multipart/form-data; boundary=other' },
      { name: 'multipart without boundary', payload: 'x', type: 'multipart/form-data' },
      { name: 'text', payload: 'hello', type: 'text/plain' },
      { name: 'bytes', payload: '\u0000\u0001\u0002', type: 'application/octet-stream' },
    ];
    const requests = routes
      .filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method))
      .flatMap((route) =>
        shapes.flatMap((shape) =>
          callers().map((caller) => {
            const options = request(route, caller, { ...valid[key(route)], body: undefined });
            return {
              what: `${key(route)} ${shape.name} body as ${who(caller)}`,
              options: { ...options, payload: shape.payload, headers: { ...options.headers, 'content-type': shape.type } },
            };
          }),
        ),
      );
    expect(await broken(requests)).toEqual([]);
  });

  it('never answers a 500 to hostile multipart forms: NUL fields, truncated and disguised images, unknown files', async () => {
    const jpeg = await picture(120, 90, 'jpeg');
    const files: [string, Blob][] = [
      ['truncated JPEG', fileBlob(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg')],
      ['JPEG header only', fileBlob(jpeg.subarray(0, 4), 'image/jpeg')],
      ['script as image', fileBlob(Buffer.from('<script>alert(1)</script>'), 'image/png')],
      ['empty', fileBlob(Buffer.alloc(0), 'image/jpeg')],
    ];
    const requests: { what: string; options: InjectOptions }[] = [];
    const uploadRoutes = t.app.apiRoutes.filter((route) => route.config?.uploads && route.method !== 'HEAD');
    expect(uploadRoutes.length).toBeGreaterThanOrEqual(10);
    for (const apiRoute of uploadRoutes) {
      const route = routes.find((r) => r.method === apiRoute.method && r.url === apiRoute.url.replace(/:(\w+)/g, '{$1}'))!;
      const base = valid[key(route)] ?? {};
      // Upload routes read forms: their valid bodies are fields, never a JSON array.
      const fields = base.body as Fields | undefined;
      const field = apiRoute.config!.uploads![0]!;
      const forms: [string, () => FormData][] = [
        ...files.map(([name, blob]): [string, () => FormData] => [name, () => formOf(fields, { [field]: blob })]),
        ['NUL in every field', () => formOf(Object.fromEntries(Object.keys(fields ?? {}).map((k) => [k, 'a\u0000b'])))],
        ['file under an unknown name', () => formOf(fields, { elsewhere: fileBlob(jpeg, 'image/jpeg') })],
      ];
      for (const [name, form] of forms) {
        for (const caller of callers()) {
          requests.push({
            what: `${key(route)} ${name} as ${who(caller)}`,
            options: { ...request(route, caller, { ...base, body: undefined }), payload: form() },
          });
        }
      }
    }
    expect(await broken(requests)).toEqual([]);
  });

  it('never answers a 500 to a caller whose account was deleted while their token is still valid', async () => {
    const ghostRow = await createUser(t.db, { name: 'Gone Shopper', email: 'gone@example.com' });
    const ghost = { ...ghostRow, headers: await authAs(t.config, ghostRow) };
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/user/delete-user/${ghost.id}`, headers: t.admin.headers });
    expect(deleted.statusCode).toBe(200);
    const requests = routes.map((route) => {
      const base = valid[key(route)] ?? {};
      const params = { ...base.params, ...(base.params?.customerId ? { customerId: ghost.id } : {}) };
      const ownBody = base.body && 'customerId' in base.body ? { ...base.body, customerId: ghost.id, customerName: ghost.name } : base.body;
      return {
        what: `${key(route)} as a deleted customer`,
        options: request(route, ghost, { ...base, params, body: ownBody, headers: { 'idempotency-key': 'ghost-key-0001' } }),
      };
    });
    expect(await broken(requests)).toEqual([]);
  });

  it('never answers a 500 to hostile headers and cookies', { timeout: WALK_TIMEOUT_MS }, async () => {
    const requests: { what: string; options: InjectOptions }[] = [];
    const tokens = ['Bearer ', 'Bearer x', `Bearer ${'x'.repeat(100_000)}`, 'Bearer a.b.c', 'Basic YTpi', `Bearer ${t.alice.headers.authorization.slice(7)}x`];
    const cookies = ['refreshToken=%00', `refreshToken=${'x'.repeat(100_000)}`, 'refreshToken=%E0%A6', 'refreshToken=a; refreshToken=b', 'refreshToken='];
    const keys = ['short', 'x'.repeat(10_000), '%00%00%00%00%00%00%00%00', 'ক'.repeat(20), 'a b c d e f g h'];
    for (const route of routes) {
      const base = valid[key(route)] ?? {};
      for (const authorization of tokens) {
        requests.push({
          what: `${key(route)} Authorization: ${authorization.slice(0, 20)}`,
          options: request(route, null, { ...base, headers: { ...base.headers, authorization } }),
        });
      }
      // A stream stays open for minutes to a signed-in caller, and reads no cookie: the tokens above walk it.
      if (isEventStream(route)) continue;
      for (const cookie of cookies) {
        requests.push({
          what: `${key(route)} Cookie: ${cookie.slice(0, 20)}`,
          options: request(route, t.alice, { ...base, headers: { ...base.headers, cookie } }),
        });
      }
    }
    const placeOrder = routes.find((route) => key(route) === 'POST /api/order/post-order')!;
    for (const idempotencyKey of keys) {
      requests.push({
        what: `Idempotency-Key: ${idempotencyKey.slice(0, 20)}`,
        options: request(placeOrder, t.alice, { ...valid[key(placeOrder)], headers: { 'idempotency-key': idempotencyKey } }),
      });
    }
    expect(await broken(requests)).toEqual([]);
  });
});

describe('NUL bytes and long text', () => {
  it('are refused with a 400 naming the problem, in a path, a query and a body', async () => {
    const answers = await Promise.all([
      t.app.inject({ url: '/api/products/%00' }),
      t.app.inject({ url: '/api/products?search=a%00b' }),
      t.app.inject({ method: 'POST', url: '/api/user/signin', payload: { identifier: 'alice@example.com\u0000', password: TEST_PASSWORD } }),
      t.app.inject({ method: 'PUT', url: '/api/user/update-profile', headers: t.alice.headers, payload: { id: t.alice.id, address: 'Road 1\u0000' } }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(NUL_MESSAGE);
    }
  });

  it('are bounded in every field: a 6,000-character name is a 400, not a database error', async () => {
    const name = 'ক'.repeat(6000);
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { method: 'email', name, email: 'long@example.com', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
    });
    expect(register.statusCode).toBe(400);
    expect(body(register).message).toBe('Name must be at most 100 characters');
    const category = await t.app.inject({ method: 'POST', url: '/api/categories', headers: t.admin.headers, payload: { categoryName: name } });
    expect(category.statusCode).toBe(400);
    expect(body(category).message).toBe('Category name must be at most 60 characters');
  });

  it('a malformed multipart body is a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: { ...t.admin.headers, 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\ncontent-disposition: form-data; name="categoryName"\r\n\r\nBooks',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).success).toBe(false);
  });
});

describe('a broken image on disk', () => {
  it('answers ?w= requests without a 500', async () => {
    const jpeg = await picture(120, 90, 'jpeg');
    const name = 'ffffffffffffffffffffffffffffffff.jpg';
    await mkdir(mediaDir(t.config.dataDir), { recursive: true });
    writeFileSync(join(mediaDir(t.config.dataDir), name), jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    const found = await broken(
      [undefined, 80, 250, 1200].map((w) => ({
        what: `GET /media/{broken}${w ? `?w=${w}` : ''}`,
        options: { url: `/media/${name}${w ? `?w=${w}` : ''}`, headers: { accept: 'image/avif,image/webp' } },
      })),
    );
    expect(found).toEqual([]);
  });
});

function formOf(fields: Fields | undefined, files: Record<string, Blob> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, typeof item === 'string' ? item : JSON.stringify(item));
  }
  for (const [name, blob] of Object.entries(files)) form.append(name, blob, 'upload.jpg');
  return form;
}
