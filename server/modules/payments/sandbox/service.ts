import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { toPoisha, toTaka } from '../../../../contract/money';
import type { Db } from '../../../db/client';
import { sandboxTransactions } from '../../../db/schema';
import type { GatewaySettings } from '../gateway';
import { CURRENCY, formatAmount, parseAmount, signFields, STATUS, type Fields } from '../protocol';

/**
 * The built-in sandbox gateway (PAYMENT_PROVIDER=sandbox): the gateway's side of the SSLCommerz v4 protocol, so
 * the whole redirect flow runs with no network and no real money. Its answers have SSLCommerz's shapes.
 */

export type SandboxTransaction = typeof sandboxTransactions.$inferSelect;
export type Outcome = 'paid' | 'failed' | 'cancelled';

const PASS_THROUGH = ['value_a', 'value_b', 'value_c', 'value_d'] as const;

const sameSecret = (given: string | undefined, expected: string) =>
  given !== undefined && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

const knownStore = (settings: GatewaySettings, fields: Fields) =>
  fields.store_id === settings.storeId && sameSecret(fields.store_passwd, settings.storePassword);

const randomKey = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();

const isWebUrl = (value: string | undefined): value is string => {
  try {
    return value !== undefined && ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** `POST /gwprocess/v4/api.php`: opens a payment session and answers the page to send the shopper to. */
export async function openSandboxSession(db: Db, settings: GatewaySettings, fields: Fields): Promise<Fields> {
  const failed = (failedreason: string) => ({ status: 'FAILED', failedreason, sessionkey: '', GatewayPageURL: '' });
  if (!knownStore(settings, fields)) return failed('Store Credential Error Or Store is De-active');
  const amount = parseAmount(fields.total_amount);
  if (amount === null || amount <= 0) return failed('Invalid Data: total_amount');
  if (fields.currency !== CURRENCY) return failed('Invalid Data: currency');
  if (!fields.tran_id || fields.tran_id.length > 30) return failed('Invalid Data: tran_id');
  if (!isWebUrl(fields.success_url) || !isWebUrl(fields.fail_url) || !isWebUrl(fields.cancel_url)) return failed('Invalid Data: callback URLs');
  if (fields.ipn_url !== undefined && fields.ipn_url !== '' && !isWebUrl(fields.ipn_url)) return failed('Invalid Data: ipn_url');

  const passThrough: Record<string, string> = {};
  for (const key of PASS_THROUGH) if (fields[key] !== undefined) passThrough[key] = fields[key];
  const sessionKey = randomKey(16);
  await db.insert(sandboxTransactions).values({
    sessionKey,
    storeId: settings.storeId,
    tranId: fields.tran_id,
    amount: toTaka(amount),
    currency: CURRENCY,
    productName: (fields.product_name ?? '').slice(0, 255),
    customerName: (fields.cus_name ?? '').slice(0, 100),
    successUrl: fields.success_url,
    failUrl: fields.fail_url,
    cancelUrl: fields.cancel_url,
    ipnUrl: fields.ipn_url || null,
    passThrough,
    valId: randomKey(12),
    bankTranId: randomKey(10),
  });
  return { status: 'SUCCESS', failedreason: '', sessionkey: sessionKey, GatewayPageURL: `${settings.baseUrl}/pay/${sessionKey}` };
}

export async function findSandboxSession(db: Db, sessionKey: string): Promise<SandboxTransaction | null> {
  const [row] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.sessionKey, sessionKey)).limit(1);
  return row ?? null;
}

/** 'YYYY-MM-DD HH:MM:SS' in Dhaka time, as SSLCommerz prints dates. */
function gatewayDate(date: Date): string {
  return new Date(date.getTime() + 6 * 60 * 60 * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The signed fields the gateway posts back for an outcome: to the browser's callback URL and to the IPN URL alike. */
export function callbackFields(session: SandboxTransaction, outcome: Outcome, storePassword: string): Fields {
  const amount = formatAmount(toPoisha(session.amount));
  const common: Fields = {
    tran_id: session.tranId,
    tran_date: gatewayDate(session.createdAt),
    amount,
    currency: CURRENCY,
    store_id: session.storeId,
    ...session.passThrough,
  };
  if (outcome === 'paid') {
    return signFields(
      {
        ...common,
        status: STATUS.valid,
        val_id: session.valId,
        store_amount: amount,
        bank_tran_id: session.bankTranId,
        card_type: 'BKASH-BKash',
        card_no: '',
        card_issuer: 'BKash Mobile Banking',
        card_brand: 'MOBILEBANKING',
        card_issuer_country: 'Bangladesh',
        card_issuer_country_code: 'BD',
        currency_type: CURRENCY,
        currency_amount: amount,
        currency_rate: '1.0000',
        base_fair: '0.00',
        risk_level: '0',
        risk_title: 'Safe',
      },
      storePassword,
    );
  }
  const status = outcome === 'failed' ? STATUS.failed : STATUS.cancelled;
  const error = outcome === 'failed' ? 'Payment declined in the sandbox' : 'Cancelled by the shopper';
  return signFields({ ...common, status, error }, storePassword);
}

const OUTCOME_OF_STATUS: Record<string, Outcome> = { [STATUS.valid]: 'paid', [STATUS.failed]: 'failed', [STATUS.cancelled]: 'cancelled' };

export type Completion = { kind: 'done'; redirectTo: string; ipn: { url: string; fields: Fields } | null } | { kind: 'refused'; message: string };

/**
 * The shopper pressed Pay, Fail or Cancel: the page posted the signed fields of that outcome. They are checked
 * against the session, the outcome is recorded once, and the answer says where the browser goes with the same
 * fields and which IPN to send. Pressing the same button twice only repeats the redirect.
 */
export async function completeSandboxSession(db: Db, settings: GatewaySettings, sessionKey: string, fields: Fields): Promise<Completion> {
  const session = await findSandboxSession(db, sessionKey);
  if (!session) return { kind: 'refused', message: 'This payment session does not exist.' };
  const outcome = fields.status ? OUTCOME_OF_STATUS[fields.status] : undefined;
  // The page carries the signed fields this session issued for each button; anything else was tampered with.
  const expected = outcome ? callbackFields(session, outcome, settings.storePassword) : null;
  if (!outcome || !expected || Object.entries(expected).some(([key, value]) => fields[key] !== value)) {
    return { kind: 'refused', message: 'The payment form was altered.' };
  }
  const redirectTo = { paid: session.successUrl, failed: session.failUrl, cancelled: session.cancelUrl }[outcome];
  if (session.status !== 'open') {
    return session.status === outcome ? { kind: 'done', redirectTo, ipn: null } : { kind: 'refused', message: `This payment is already ${session.status}.` };
  }
  const [claimed] = await db
    .update(sandboxTransactions)
    .set({ status: outcome, completedAt: new Date() })
    .where(and(eq(sandboxTransactions.sessionKey, sessionKey), eq(sandboxTransactions.status, 'open')))
    .returning({ status: sandboxTransactions.status });
  if (!claimed) return completeSandboxSession(db, settings, sessionKey, fields);
  return { kind: 'done', redirectTo, ipn: session.ipnUrl ? { url: session.ipnUrl, fields: expected } : null };
}

/** `GET /validator/api/validationserverAPI.php`: what the sandbox knows about a val_id. */
export async function sandboxValidation(db: Db, settings: GatewaySettings, query: Fields): Promise<Fields> {
  if (!knownStore(settings, query)) return { status: 'INVALID_REQUEST', error: 'Store Credential Error' };
  const [session] = query.val_id ? await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.valId, query.val_id)).limit(1) : [];
  if (!session || session.status !== 'paid') return { status: 'INVALID_TRANSACTION' };
  const amount = formatAmount(toPoisha(session.amount));
  return {
    status: STATUS.valid,
    tran_date: gatewayDate(session.createdAt),
    tran_id: session.tranId,
    val_id: session.valId,
    amount,
    store_amount: amount,
    currency: CURRENCY,
    bank_tran_id: session.bankTranId,
    card_type: 'BKASH-BKash',
    currency_type: CURRENCY,
    currency_amount: amount,
    currency_rate: '1.0000',
    risk_level: '0',
    risk_title: 'Safe',
    APIConnect: 'DONE',
    ...session.passThrough,
  };
}

/**
 * `GET /validator/api/merchantTransIDvalidationAPI.php` with a bank_tran_id: initiates a refund. One refund per
 * payment; the same refe_id asked again answers the first refund instead of paying twice.
 */
export async function sandboxRefund(db: Db, settings: GatewaySettings, query: Fields): Promise<Fields> {
  if (!knownStore(settings, query)) return { APIConnect: 'INVALID_REQUEST', status: 'failed', errorReason: 'Store Credential Error' };
  const failed = (errorReason: string) => ({ APIConnect: 'DONE', bank_tran_id: query.bank_tran_id ?? '', status: 'failed', errorReason });
  const [session] = query.bank_tran_id
    ? await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.bankTranId, query.bank_tran_id)).limit(1)
    : [];
  if (!session || session.status !== 'paid') return failed('Transaction not found or not paid');
  const amount = parseAmount(query.refund_amount);
  if (amount === null || amount <= 0 || amount > toPoisha(session.amount)) return failed('Invalid refund amount');
  if (!query.refe_id) return failed('refe_id is required');
  const answer = (refundRefId: string) => ({
    APIConnect: 'DONE',
    bank_tran_id: session.bankTranId,
    trans_id: session.tranId,
    refund_ref_id: refundRefId,
    status: 'success',
    errorReason: '',
  });

  const [refunded] = await db
    .update(sandboxTransactions)
    .set({ refundRefId: randomKey(8), refundReference: query.refe_id, refundedAmount: toTaka(amount) })
    .where(and(eq(sandboxTransactions.sessionKey, session.sessionKey), isNull(sandboxTransactions.refundRefId)))
    .returning({ refundRefId: sandboxTransactions.refundRefId });
  if (refunded?.refundRefId) return answer(refunded.refundRefId);
  const [current] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.sessionKey, session.sessionKey));
  return current?.refundReference === query.refe_id && current.refundRefId ? answer(current.refundRefId) : failed('Already refunded');
}
