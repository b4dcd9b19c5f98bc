import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ParcelRequest } from './parcel-courier';
import { pathaoCourier } from './pathao';
import { redxCourier } from './redx';
import { steadfastCourier } from './steadfast';
import { courierTransport } from './transport';

/** What the double was sent. */
type Received = { method: string; path: string; headers: IncomingHttpHeaders; body: unknown };
type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * A courier's merchant API as a local HTTP server: it records each request and answers as the courier's published API
 * does, by method and path.
 */
function courierDouble() {
  const received: Received[] = [];
  let answers: Record<string, Answer> = {};
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      received.push({ method: req.method!, path: req.url!, headers: req.headers, body: text ? JSON.parse(text) : null });
      const answer = answers[`${req.method} ${req.url!.split('?')[0]}`] ?? { status: 404, body: { message: 'Not found' } };
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  return {
    received,
    answer: (next: Record<string, Answer>) => void (answers = next),
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const double = courierDouble();
let origin = '';
beforeAll(async () => {
  origin = await double.start();
});
afterAll(() => double.stop());
beforeEach(() => {
  double.received.length = 0;
});

const parcel: ParcelRequest = {
  orderId: '6650f1a2b3c4d5e6f7a8b9c0',
  number: 'a8b9c0',
  recipientName: 'Alice Rahman',
  phone: '01711000001',
  address: 'House 12, Road 5, Dhanmondi, Dhaka',
  district: 'Dhaka',
  city: 'Dhanmondi',
  codAmount: 1410,
  itemCount: 2,
  description: 'Sylhet Tea 500 g × 2',
};
const loopback = { allowLoopback: true };

describe('Steadfast', () => {
  const settings = { apiKey: 'sf-key', secretKey: 'sf-secret', webhookToken: 'sf-hook' };
  const courier = () => steadfastCourier(settings, courierTransport(`${origin}/api/v1`, loopback));

  it('books with create_order, its key pair in the headers and the COD amount, and reads the consignment', async () => {
    double.answer({
      'POST /api/v1/create_order': {
        status: 200,
        body: {
          status: 200,
          message: 'Consignment has been created successfully.',
          consignment: { consignment_id: 1424107, invoice: parcel.orderId, tracking_code: '15BAEB8A', status: 'in_review' },
        },
      },
    });
    const booked = await courier().book(parcel);
    expect(booked).toEqual({ consignmentId: '1424107', trackingCode: '15BAEB8A', trackingUrl: 'https://steadfast.com.bd/t/15BAEB8A' });
    const [sent] = double.received;
    expect(sent!.headers).toMatchObject({ 'api-key': 'sf-key', 'secret-key': 'sf-secret', 'content-type': 'application/json' });
    expect(sent!.body).toMatchObject({
      invoice: parcel.orderId,
      recipient_name: 'Alice Rahman',
      recipient_phone: '01711000001',
      recipient_address: parcel.address,
      cod_amount: 1410,
    });
  });

  it('reads a status by consignment id, and refuses an answer that is not a booking', async () => {
    double.answer({
      'GET /api/v1/status_by_cid/1424107': { status: 200, body: { status: 200, delivery_status: 'delivered' } },
      'POST /api/v1/create_order': { status: 200, body: { status: 400, errors: { invoice: ['The invoice has already been taken.'] } } },
    });
    expect(await courier().status('1424107')).toEqual({ status: 'delivered', courierStatus: 'delivered' });
    await expect(courier().book(parcel)).rejects.toThrow('Steadfast did not book the parcel');
  });

  it('hears a webhook with the shop’s Bearer token only, and reads its delivery status', () => {
    const payload = {
      notification_type: 'delivery_status',
      consignment_id: 1424107,
      invoice: parcel.orderId,
      cod_amount: 1410,
      status: 'Delivered',
      updated_at: '2025-03-02 12:45:30',
    };
    expect(courier().webhook({ headers: { authorization: 'Bearer wrong' }, query: {}, body: payload }).kind).toBe('refused');
    expect(courier().webhook({ headers: {}, query: {}, body: payload }).kind).toBe('refused');
    const heard = courier().webhook({ headers: { authorization: 'Bearer sf-hook' }, query: {}, body: payload });
    expect(heard).toMatchObject({
      kind: 'update',
      update: { consignmentId: '1424107', status: 'delivered', at: new Date('2025-03-02T06:45:30Z') },
      reply: { status: 200 },
    });
    const cancelled = courier().webhook({ headers: { authorization: 'Bearer sf-hook' }, query: {}, body: { ...payload, status: 'Cancelled' } });
    expect(cancelled).toMatchObject({ kind: 'update', update: { status: 'returned' } });
    const note = courier().webhook({
      headers: { authorization: 'Bearer sf-hook' },
      query: {},
      body: { notification_type: 'tracking_update', consignment_id: 1, tracking_message: 'At the hub' },
    });
    expect(note.kind).toBe('ignored');
  });
});

describe('Pathao', () => {
  const settings = {
    clientId: 'client',
    clientSecret: 'client-secret',
    username: 'shop@example.com',
    password: 'pw',
    storeId: '130820',
    webhookSecret: 'pt-hook',
    integrationSecret: 'f3992ecc-59da-4cbe-a049-a13da2018d51',
  };

  it('takes a token once, books with it (amount to collect, store) and reads the order’s info', async () => {
    double.answer({
      'POST /aladdin/api/v1/issue-token': { status: 200, body: { token_type: 'Bearer', expires_in: 432000, access_token: 'pt-token', refresh_token: 'r' } },
      'POST /aladdin/api/v1/orders': {
        status: 200,
        body: {
          message: 'Order Created Successfully',
          type: 'success',
          code: 200,
          data: { consignment_id: 'DL121224VS8TTJ', merchant_order_id: parcel.orderId, order_status: 'Pending', delivery_fee: 80 },
        },
      },
      'GET /aladdin/api/v1/orders/DL121224VS8TTJ/info': {
        status: 200,
        body: { message: 'Order info', type: 'success', code: 200, data: { consignment_id: 'DL121224VS8TTJ', order_status: 'Delivered' } },
      },
    });
    const courier = pathaoCourier(settings, courierTransport(origin, loopback));
    const booked = await courier.book(parcel);
    expect(booked).toMatchObject({ consignmentId: 'DL121224VS8TTJ', trackingCode: 'DL121224VS8TTJ' });
    expect(await courier.status('DL121224VS8TTJ')).toEqual({ status: 'delivered', courierStatus: 'Delivered' });
    const paths = double.received.map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(['POST /aladdin/api/v1/issue-token', 'POST /aladdin/api/v1/orders', 'GET /aladdin/api/v1/orders/DL121224VS8TTJ/info']);
    expect(double.received[0]!.body).toEqual({
      client_id: 'client',
      client_secret: 'client-secret',
      grant_type: 'password',
      username: 'shop@example.com',
      password: 'pw',
    });
    expect(double.received[1]!.headers.authorization).toBe('Bearer pt-token');
    expect(double.received[1]!.body).toMatchObject({
      store_id: 130820,
      merchant_order_id: parcel.orderId,
      amount_to_collect: 1410,
      recipient_phone: '01711000001',
      delivery_type: 48,
      item_type: 2,
    });
  });

  it('answers the integration call with its header, and hears an event only with the signature', () => {
    const courier = pathaoCourier(settings, courierTransport(origin, loopback));
    expect(courier.webhook({ headers: {}, query: {}, body: { event: 'webhook_integration' } })).toMatchObject({
      kind: 'ignored',
      reply: { status: 202, headers: { 'X-Pathao-Merchant-Webhook-Integration-Secret': settings.integrationSecret } },
    });
    const event = {
      consignment_id: 'DL121224VS8TTJ',
      merchant_order_id: parcel.orderId,
      updated_at: '2024-12-27 23:49:43',
      timestamp: '2024-12-27T17:49:43+00:00',
      store_id: 130820,
      event: 'order.returned',
    };
    expect(courier.webhook({ headers: { 'x-pathao-signature': 'nope' }, query: {}, body: event }).kind).toBe('refused');
    expect(courier.webhook({ headers: { 'x-pathao-signature': 'pt-hook' }, query: {}, body: event })).toMatchObject({
      kind: 'update',
      update: { consignmentId: 'DL121224VS8TTJ', status: 'returned', at: new Date('2024-12-27T17:49:43Z') },
    });
  });
});

describe('RedX', () => {
  const settings = { accessToken: 'rx-token', webhookToken: 'rx-hook' };
  const courier = () => redxCourier(settings, courierTransport(`${origin}/v1.0.0-beta`, loopback));

  it("finds the district's area named like the city, books with its token and reads the parcel's info", async () => {
    double.answer({
      'GET /v1.0.0-beta/areas': {
        status: 200,
        body: {
          areas: [
            { id: 1, name: 'Mirpur' },
            { id: 7, name: 'Dhanmondi' },
          ],
        },
      },
      'POST /v1.0.0-beta/parcel': { status: 201, body: { tracking_id: '21A427TU4BN3R' } },
      'GET /v1.0.0-beta/parcel/info/21A427TU4BN3R': { status: 200, body: { parcel: { tracking_id: '21A427TU4BN3R', status: 'delivery-in-progress' } } },
    });
    expect(await courier().book(parcel)).toMatchObject({ consignmentId: '21A427TU4BN3R', trackingCode: '21A427TU4BN3R' });
    expect(await courier().status('21A427TU4BN3R')).toEqual({ status: 'out-for-delivery', courierStatus: 'delivery-in-progress' });
    expect(double.received[0]!.path).toBe('/v1.0.0-beta/areas?district_name=Dhaka');
    expect(double.received[1]!.headers['api-access-token']).toBe('Bearer rx-token');
    expect(double.received[1]!.body).toMatchObject({
      delivery_area: 'Dhanmondi',
      delivery_area_id: 7,
      merchant_invoice_id: parcel.orderId,
      cash_collection_amount: '1410',
    });
  });

  it('hears a webhook only with the token of its callback URL', () => {
    const hook = {
      tracking_number: '21A427TU4BN3R',
      timestamp: '2024-05-02T10:00:00.000Z',
      status: 'delivered',
      message_en: 'Delivered',
      message_bn: 'ডেলিভারি',
      invoice_number: parcel.orderId,
    };
    expect(courier().webhook({ headers: {}, query: {}, body: hook }).kind).toBe('refused');
    expect(courier().webhook({ headers: {}, query: { token: 'rx-hook' }, body: hook })).toMatchObject({
      kind: 'update',
      update: { consignmentId: '21A427TU4BN3R', status: 'delivered' },
    });
    expect(courier().webhook({ headers: {}, query: { token: 'rx-hook' }, body: { nothing: true } }).kind).toBe('invalid');
  });
});

describe('the way to a courier', () => {
  it('goes only below the configured base URL, never follows a redirect, and needs https outside tests', async () => {
    double.answer({ 'GET /api/v1/moved': { status: 302, body: {}, headers: { location: 'http://169.254.169.254/latest/meta-data' } } });
    const transport = courierTransport(`${origin}/api/v1`, loopback);
    await expect(transport({ method: 'GET', path: '/../../elsewhere' })).rejects.toThrow('refused');
    expect(await transport({ method: 'GET', path: '/moved' })).toMatchObject({ status: 302 });
    expect(double.received).toHaveLength(1);
    await expect(courierTransport(`${origin}/api/v1`, { allowLoopback: false })({ method: 'GET', path: '/status_by_cid/1' })).rejects.toThrow('refused');
    await expect(courierTransport('https://10.0.0.5/api', { allowLoopback: false })({ method: 'GET', path: '/x' })).rejects.toThrow('refused');
  });
});
