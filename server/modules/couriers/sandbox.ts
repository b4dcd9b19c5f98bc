import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { ParcelStatus } from '../../../contract/courier';
import type { Db } from '../../db/client';
import { sandboxParcels } from '../../db/schema';
import { CourierError, headerOf, sameSecret, type ParcelCourier } from './parcel-courier';
import { steadfastOrder } from './steadfast';
import type { CourierTransport } from './transport';

/**
 * The built-in sandbox courier speaks a small merchant API of the same shape as Steadfast's (Api-Key and Secret-Key
 * headers, `create_order`, `status_by_cid`) and signs its webhooks with HMAC-SHA256 in `X-Sandbox-Signature`.
 */
export type SandboxCourierSettings = { apiKey: string; secretKey: string; publicUrl: string };

/** Derived from the server secret, like the sandbox gateway's store password: nobody outside can sign its webhooks. */
export function sandboxCourierSettings(jwtSecret: string, publicUrl: string): SandboxCourierSettings {
  return { apiKey: 'haat-sandbox', secretKey: createHmac('sha256', jwtSecret).update('sandbox courier secret').digest('base64url'), publicUrl };
}

export type SandboxWebhook = { consignment_id: string; tracking_code: string; status: 'delivered' | 'returned'; updated_at: string };
export const SIGNATURE_HEADER = 'x-sandbox-signature';
export const signSandboxWebhook = (secret: string, hook: Pick<SandboxWebhook, 'consignment_id' | 'status' | 'updated_at'>) =>
  createHmac('sha256', secret).update(`${hook.consignment_id}|${hook.status}|${hook.updated_at}`).digest('hex');

export const sandboxCreateSchema = z.object({
  invoice: z.string().min(1).max(64),
  recipient_name: z.string().min(1).max(100),
  recipient_phone: z.string().min(1).max(20),
  recipient_address: z.string().min(1).max(250),
  cod_amount: z.number().min(0),
  note: z.string().max(200).optional(),
});
export type SandboxCreate = z.infer<typeof sandboxCreateSchema>;

const createAnswer = z.object({ status: z.literal(200), consignment: z.object({ consignment_id: z.string(), tracking_code: z.string() }) });
const statusAnswer = z.object({ status: z.literal(200), delivery_status: z.enum(['booked', 'delivered', 'returned']) });
const webhookBody = z.object({
  consignment_id: z.string().min(1),
  tracking_code: z.string(),
  status: z.enum(['delivered', 'returned']),
  updated_at: z.string(),
});
const STATUSES: Record<'booked' | 'delivered' | 'returned', ParcelStatus> = { booked: 'booked', delivered: 'delivered', returned: 'returned' };

const RECEIVED = { status: 200, body: { status: 'success' } };

/** The shop's side of the sandbox courier. */
export function sandboxCourier(settings: SandboxCourierSettings, transport: CourierTransport): ParcelCourier {
  const headers = { 'api-key': settings.apiKey, 'secret-key': settings.secretKey };
  return {
    provider: 'sandbox',

    async book(parcel) {
      const res = await transport({
        method: 'POST',
        path: '/create_order',
        headers,
        json: steadfastOrder(parcel) satisfies SandboxCreate,
      });
      const answer = createAnswer.safeParse(res.body);
      if (res.status !== 200 || !answer.success) throw new CourierError(`The sandbox courier did not book the parcel (HTTP ${res.status})`);
      const { consignment_id, tracking_code } = answer.data.consignment;
      return { consignmentId: consignment_id, trackingCode: tracking_code, trackingUrl: `${settings.publicUrl}/api/courier/sandbox/track/${tracking_code}` };
    },

    async status(consignmentId) {
      const res = await transport({ method: 'GET', path: `/status_by_cid/${encodeURIComponent(consignmentId)}`, headers });
      const answer = statusAnswer.safeParse(res.body);
      if (res.status !== 200 || !answer.success) throw new CourierError(`The sandbox courier did not tell the parcel's status (HTTP ${res.status})`);
      return { status: STATUSES[answer.data.delivery_status], courierStatus: answer.data.delivery_status };
    },

    webhook({ headers: sent, body }) {
      const parsed = webhookBody.safeParse(body);
      const signature = headerOf(sent, SIGNATURE_HEADER);
      if (!parsed.success) return signature ? { kind: 'invalid' } : { kind: 'refused' };
      if (!sameSecret(signature, signSandboxWebhook(settings.secretKey, parsed.data))) return { kind: 'refused' };
      const { consignment_id, status, updated_at } = parsed.data;
      return {
        kind: 'update',
        update: { consignmentId: consignment_id, status: STATUSES[status], courierStatus: status, at: new Date(updated_at) },
        reply: RECEIVED,
      };
    },
  };
}

/* ---------- the sandbox courier's own side ---------- */

/** The merchant's key pair, as a real courier checks it. */
export const sandboxMerchant = (settings: SandboxCourierSettings, headers: Record<string, string | string[] | undefined>) =>
  sameSecret(headerOf(headers, 'api-key'), settings.apiKey) && sameSecret(headerOf(headers, 'secret-key'), settings.secretKey);

const trackingCode = () => `SBX${randomBytes(6).toString('hex').toUpperCase()}`;

/** Books a parcel: one per invoice (a second booking of an order is refused, as Steadfast refuses a repeated invoice). */
export async function createSandboxParcel(db: Db, input: SandboxCreate): Promise<{ consignment_id: string; tracking_code: string } | null> {
  const [row] = await db
    .insert(sandboxParcels)
    .values({
      consignmentId: String(Date.now()) + randomBytes(3).toString('hex'),
      trackingCode: trackingCode(),
      invoice: input.invoice,
      recipientName: input.recipient_name,
      recipientPhone: input.recipient_phone,
      recipientAddress: input.recipient_address,
      codAmount: input.cod_amount,
    })
    .onConflictDoNothing({ target: sandboxParcels.invoice })
    .returning();
  return row ? { consignment_id: row.consignmentId, tracking_code: row.trackingCode } : null;
}

export async function sandboxParcelOf(db: Db, by: { consignmentId: string } | { trackingCode: string }) {
  const where = 'consignmentId' in by ? eq(sandboxParcels.consignmentId, by.consignmentId) : eq(sandboxParcels.trackingCode, by.trackingCode);
  const [row] = await db.select().from(sandboxParcels).where(where).limit(1);
  return row ?? null;
}

/**
 * Delivers the parcel or brings it back, once: answers the webhook to send, or null when it was not on its way. With
 * `collectDelivered` a delivered parcel comes back too: a customer's return the courier was sent to collect.
 */
export async function moveSandboxParcel(
  db: Db,
  settings: SandboxCourierSettings,
  code: string,
  to: 'delivered' | 'returned',
  collectDelivered = false,
): Promise<{ hook: SandboxWebhook; signature: string } | null> {
  const now = new Date();
  const [row] = await db
    .update(sandboxParcels)
    .set({ status: to, updatedAt: now })
    .where(
      and(
        eq(sandboxParcels.trackingCode, code),
        to === 'returned' && collectDelivered ? ne(sandboxParcels.status, 'returned') : eq(sandboxParcels.status, 'booked'),
      ),
    )
    .returning();
  if (!row) return null;
  const hook: SandboxWebhook = { consignment_id: row.consignmentId, tracking_code: row.trackingCode, status: to, updated_at: now.toISOString() };
  return { hook, signature: signSandboxWebhook(settings.secretKey, hook) };
}
