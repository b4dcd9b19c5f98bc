import { z } from 'zod';
import type { ParcelStatus } from '../../../contract/courier';
import type { CourierConfig } from '../../config';
import { CourierError, courierTime, headerOf, sameSecret, type ParcelCourier } from './parcel-courier';
import type { CourierTransport } from './transport';

export type PathaoSettings = Omit<Extract<CourierConfig, { provider: 'pathao' }>, 'provider' | 'baseUrl'>;

/**
 * Pathao's events ('order.delivered') and order statuses ('Delivered', 'Return'), both read as one key
 * ('delivered', 'returned'), in the shop's words. A partial delivery is settled by the shop by hand.
 */
const STATUSES: Record<string, ParcelStatus> = {
  picked: 'picked-up',
  'in-transit': 'in-transit',
  'at-the-sorting-hub': 'in-transit',
  'received-at-last-mile-hub': 'in-transit',
  'assigned-for-delivery': 'out-for-delivery',
  delivered: 'delivered',
  'delivery-failed': 'on-hold',
  'on-hold': 'on-hold',
  returned: 'returned',
  return: 'returned',
  'paid-return': 'returned',
};
const statusKey = (word: string) =>
  word
    .trim()
    .toLowerCase()
    .replace(/^order\./, '')
    .replace(/[\s_]+/g, '-');

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number() });
const createAnswer = z.object({ code: z.literal(200), data: z.object({ consignment_id: z.string().min(1) }) });
const infoAnswer = z.object({ data: z.object({ order_status: z.string() }) });
const webhookBody = z.object({ event: z.string(), consignment_id: z.string().optional(), updated_at: z.string().optional(), timestamp: z.string().optional() });

/** Tokens are taken again this long before Pathao says they end. */
const TOKEN_MARGIN_MS = 5 * 60_000;

/** Pathao Courier's merchant API (the Aladdin API: a password-grant token, then Bearer calls) and its webhook (X-PATHAO-Signature). */
export function pathaoCourier(settings: PathaoSettings, transport: CourierTransport): ParcelCourier {
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const res = await transport({
      method: 'POST',
      path: '/aladdin/api/v1/issue-token',
      json: {
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        grant_type: 'password',
        username: settings.username,
        password: settings.password,
      },
    });
    const answer = tokenAnswer.safeParse(res.body);
    if (res.status !== 200 || !answer.success) throw new CourierError(`Pathao did not issue a token (HTTP ${res.status})`);
    token = { value: answer.data.access_token, until: Date.now() + answer.data.expires_in * 1000 - TOKEN_MARGIN_MS };
    return token.value;
  }

  const reply = { status: 202, headers: { 'X-Pathao-Merchant-Webhook-Integration-Secret': settings.integrationSecret }, body: { message: 'Accepted' } };

  return {
    provider: 'pathao',

    async book(parcel) {
      const res = await transport({
        method: 'POST',
        path: '/aladdin/api/v1/orders',
        headers: { authorization: `Bearer ${await accessToken()}` },
        json: {
          store_id: Number(settings.storeId),
          merchant_order_id: parcel.orderId,
          recipient_name: parcel.recipientName.slice(0, 100),
          recipient_phone: parcel.phone,
          recipient_address: parcel.address.slice(0, 220),
          // 48: normal delivery; 2: a parcel (not a document).
          delivery_type: 48,
          item_type: 2,
          item_quantity: parcel.itemCount,
          item_weight: 0.5,
          item_description: parcel.description,
          amount_to_collect: Math.round(parcel.codAmount),
        },
      });
      const answer = createAnswer.safeParse(res.body);
      if (res.status !== 200 || !answer.success) throw new CourierError(`Pathao did not book the parcel (HTTP ${res.status})`);
      const { consignment_id } = answer.data.data;
      return {
        consignmentId: consignment_id,
        trackingCode: consignment_id,
        trackingUrl: `https://merchant.pathao.com/tracking?consignment_id=${encodeURIComponent(consignment_id)}&phone=${encodeURIComponent(parcel.phone)}`,
      };
    },

    async status(consignmentId) {
      const res = await transport({
        method: 'GET',
        path: `/aladdin/api/v1/orders/${encodeURIComponent(consignmentId)}/info`,
        headers: { authorization: `Bearer ${await accessToken()}` },
      });
      const answer = infoAnswer.safeParse(res.body);
      if (res.status !== 200 || !answer.success) throw new CourierError(`Pathao did not tell the parcel's status (HTTP ${res.status})`);
      const courierStatus = answer.data.data.order_status;
      return { status: STATUSES[statusKey(courierStatus)] ?? null, courierStatus };
    },

    webhook({ headers, body }) {
      const parsed = webhookBody.safeParse(body);
      // Pathao's check of the callback URL expects its integration header back, signed or not: it carries no order.
      if (parsed.success && parsed.data.event === 'webhook_integration') return { kind: 'ignored', reply };
      if (!sameSecret(headerOf(headers, 'x-pathao-signature'), settings.webhookSecret)) return { kind: 'refused' };
      if (!parsed.success || !parsed.data.consignment_id) return { kind: 'invalid' };
      const { event, consignment_id, updated_at, timestamp } = parsed.data;
      const status = STATUSES[statusKey(event)];
      if (!status) return { kind: 'ignored', reply };
      return { kind: 'update', update: { consignmentId: consignment_id, status, courierStatus: event, at: courierTime(timestamp ?? updated_at) }, reply };
    },
  };
}
