import { z } from 'zod';
import type { ParcelStatus } from '../../../contract/courier';
import type { CourierConfig } from '../../config';
import { CourierError, courierTime, sameSecret, type ParcelCourier } from './parcel-courier';
import type { CourierTransport } from './transport';

export type RedxSettings = Omit<Extract<CourierConfig, { provider: 'redx' }>, 'provider' | 'baseUrl'>;

/** RedX's parcel statuses in the shop's words; `agent-returning` is on its way back, which only `returned` settles. */
const STATUSES: Record<string, ParcelStatus> = {
  'pickup-pending': 'booked',
  'ready-for-delivery': 'in-transit',
  'delivery-in-progress': 'out-for-delivery',
  'agent-hold': 'on-hold',
  'agent-returning': 'on-hold',
  'agent-area-change': 'in-transit',
  delivered: 'delivered',
  returned: 'returned',
};

const areasAnswer = z.object({ areas: z.array(z.object({ id: z.number(), name: z.string() })) });
const createAnswer = z.object({ tracking_id: z.string().min(1) });
const infoAnswer = z.object({ parcel: z.object({ status: z.string() }) });
const webhookBody = z.object({ tracking_number: z.string().min(1), status: z.string(), timestamp: z.string().optional() });

const RECEIVED = { status: 200, body: { message: 'Received' } };

/**
 * RedX's Open API (the API-ACCESS-TOKEN header) and its webhook. RedX signs nothing: the callback URL registered with
 * it carries the shop's secret as `?token=`, which every call must bring.
 */
export function redxCourier(settings: RedxSettings, transport: CourierTransport): ParcelCourier {
  const headers = { 'API-ACCESS-TOKEN': `Bearer ${settings.accessToken}` };

  /** RedX delivers to its own areas: the one of the district named like the city, else the district's first. */
  async function deliveryArea(district: string, city: string): Promise<{ id: number; name: string }> {
    const res = await transport({ method: 'GET', path: `/areas?district_name=${encodeURIComponent(district)}`, headers });
    const answer = areasAnswer.safeParse(res.body);
    if (res.status !== 200 || !answer.success || answer.data.areas.length === 0)
      throw new CourierError(`RedX has no delivery area for ${district} (HTTP ${res.status})`);
    const wanted = city.trim().toLowerCase();
    return answer.data.areas.find((area) => area.name.toLowerCase().includes(wanted)) ?? answer.data.areas[0]!;
  }

  return {
    provider: 'redx',

    async book(parcel) {
      const area = await deliveryArea(parcel.district, parcel.city);
      const res = await transport({
        method: 'POST',
        path: '/parcel',
        headers,
        json: {
          customer_name: parcel.recipientName.slice(0, 100),
          customer_phone: parcel.phone,
          delivery_area: area.name,
          delivery_area_id: area.id,
          customer_address: parcel.address.slice(0, 250),
          merchant_invoice_id: parcel.orderId,
          cash_collection_amount: String(parcel.codAmount),
          parcel_weight: 500,
          instruction: `Order #${parcel.number}`,
          value: parcel.codAmount,
          parcel_details_json: [],
        },
      });
      const answer = createAnswer.safeParse(res.body);
      if (res.status < 200 || res.status >= 300 || !answer.success) throw new CourierError(`RedX did not book the parcel (HTTP ${res.status})`);
      const trackingId = answer.data.tracking_id;
      return {
        consignmentId: trackingId,
        trackingCode: trackingId,
        trackingUrl: `https://redx.com.bd/track-parcel/?trackingId=${encodeURIComponent(trackingId)}`,
      };
    },

    async status(consignmentId) {
      const res = await transport({ method: 'GET', path: `/parcel/info/${encodeURIComponent(consignmentId)}`, headers });
      const answer = infoAnswer.safeParse(res.body);
      if (res.status !== 200 || !answer.success) throw new CourierError(`RedX did not tell the parcel's status (HTTP ${res.status})`);
      const courierStatus = answer.data.parcel.status;
      return { status: STATUSES[courierStatus] ?? null, courierStatus };
    },

    webhook({ query, body }) {
      if (!sameSecret(query.token, settings.webhookToken)) return { kind: 'refused' };
      const parsed = webhookBody.safeParse(body);
      if (!parsed.success) return { kind: 'invalid' };
      const { tracking_number, status, timestamp } = parsed.data;
      const mapped = STATUSES[status];
      if (!mapped) return { kind: 'ignored', reply: RECEIVED };
      return { kind: 'update', update: { consignmentId: tracking_number, status: mapped, courierStatus: status, at: courierTime(timestamp) }, reply: RECEIVED };
    },
  };
}
