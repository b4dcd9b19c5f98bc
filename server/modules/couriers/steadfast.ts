import { z } from 'zod';
import type { ParcelStatus } from '../../../contract/courier';
import type { CourierConfig } from '../../config';
import { CourierError, courierTime, headerOf, sameSecret, type ParcelCourier, type ParcelRequest } from './parcel-courier';
import type { CourierTransport } from './transport';

export type SteadfastSettings = Omit<Extract<CourierConfig, { provider: 'steadfast' }>, 'provider' | 'baseUrl'>;

/** A parcel as Steadfast's `create_order` (and the sandbox courier, which has its shape) takes it. */
export const steadfastOrder = (parcel: ParcelRequest) => ({
  invoice: parcel.orderId,
  recipient_name: parcel.recipientName.slice(0, 100),
  recipient_phone: parcel.phone,
  recipient_address: parcel.address.slice(0, 250),
  cod_amount: parcel.codAmount,
  note: `Order #${parcel.number}`,
});

/** Steadfast's delivery statuses, in the shop's words; the `…_approval_pending` ones wait for Steadfast's own check, so they are not yet news. */
const STATUSES: Record<string, ParcelStatus> = {
  in_review: 'in-transit',
  pending: 'in-transit',
  hold: 'on-hold',
  delivered: 'delivered',
  cancelled: 'returned',
};
/** Webhooks name the status in words ('Delivered', 'Partial Delivered'); the API in snake case. */
const statusKey = (status: string) => status.trim().toLowerCase().replace(/\s+/g, '_');

const createAnswer = z.object({
  status: z.literal(200),
  consignment: z.object({ consignment_id: z.union([z.number(), z.string()]), tracking_code: z.string().min(1) }),
});
const statusAnswer = z.object({ status: z.literal(200), delivery_status: z.string() });
const webhookBody = z.object({
  notification_type: z.string(),
  consignment_id: z.union([z.number(), z.string()]),
  status: z.string().optional(),
  updated_at: z.string().optional(),
});

const RECEIVED = { status: 200, body: { status: 'success', message: 'Webhook received successfully.' } };

/** Steadfast Courier's merchant API v1 (Api-Key and Secret-Key headers) and its webhook (the shop's Bearer token). */
export function steadfastCourier(settings: SteadfastSettings, transport: CourierTransport): ParcelCourier {
  const headers = { 'Api-Key': settings.apiKey, 'Secret-Key': settings.secretKey };
  return {
    provider: 'steadfast',

    async book(parcel) {
      const res = await transport({
        method: 'POST',
        path: '/create_order',
        headers,
        json: { ...steadfastOrder(parcel), item_description: parcel.description },
      });
      const answer = createAnswer.safeParse(res.body);
      if (res.status !== 200 || !answer.success) throw new CourierError(`Steadfast did not book the parcel (HTTP ${res.status})`);
      const { consignment_id, tracking_code } = answer.data.consignment;
      return {
        consignmentId: String(consignment_id),
        trackingCode: tracking_code,
        trackingUrl: `https://steadfast.com.bd/t/${encodeURIComponent(tracking_code)}`,
      };
    },

    async status(consignmentId) {
      const res = await transport({ method: 'GET', path: `/status_by_cid/${encodeURIComponent(consignmentId)}`, headers });
      const answer = statusAnswer.safeParse(res.body);
      if (res.status !== 200 || !answer.success) throw new CourierError(`Steadfast did not tell the parcel's status (HTTP ${res.status})`);
      const courierStatus = answer.data.delivery_status;
      return { status: STATUSES[statusKey(courierStatus)] ?? null, courierStatus };
    },

    webhook({ headers: sent, body }) {
      const bearer = headerOf(sent, 'authorization')?.replace(/^Bearer\s+/i, '');
      if (!sameSecret(bearer, settings.webhookToken)) return { kind: 'refused' };
      const parsed = webhookBody.safeParse(body);
      if (!parsed.success) return { kind: 'invalid' };
      const { notification_type, consignment_id, status, updated_at } = parsed.data;
      const mapped = notification_type === 'delivery_status' && status ? STATUSES[statusKey(status)] : undefined;
      if (!mapped) return { kind: 'ignored', reply: RECEIVED };
      return {
        kind: 'update',
        update: { consignmentId: String(consignment_id), status: mapped, courierStatus: status!, at: courierTime(updated_at) },
        reply: RECEIVED,
      };
    },
  };
}
