import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { text } from '../../../contract/text';

/**
 * The SSLCommerz v4 protocol, spoken by both sides: our client of the gateway (sslcommerz.ts) and the built-in
 * sandbox gateway (sandbox-*.ts). Only pure functions here: fields in, fields or verdicts out.
 */

export type Fields = Record<string, string>;

/** A form or query a gateway sends: a few dozen short text fields (bounded, so nobody posts megabytes of them). */
export const gatewayFieldsSchema = z
  .record(text().max(100, 'A field name is too long'), text('Fields must be text').max(4000, 'A field is too long'))
  .refine((fields) => Object.keys(fields).length <= 200, 'Too many fields');
/** What a gateway answers: text fields as JSON. */
export const gatewayAnswerSchema = z.record(z.string(), z.string());

export const CURRENCY = 'BDT';

/** Gateway paths under the base URL (SSLCommerz's, or ours + /sandbox). */
export const PATHS = {
  session: '/gwprocess/v4/api.php',
  validation: '/validator/api/validationserverAPI.php',
  refund: '/validator/api/merchantTransIDvalidationAPI.php',
} as const;

/** Callback statuses; SSLCommerz also sends UNATTEMPTED and EXPIRED, which we treat as failures. */
export const STATUS = { valid: 'VALID', validated: 'VALIDATED', failed: 'FAILED', cancelled: 'CANCELLED' } as const;

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** PHP's ksort on string keys: plain byte order. */
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * verify_sign as SSLCommerz documents it: the fields named in verify_key plus `store_passwd = md5(password)`,
 * sorted by name, joined as `k=v&k=v`, then md5. Undefined when a named field is missing.
 */
export function signatureOf(fields: Fields, keys: string[], storePassword: string): string | undefined {
  const signed: Fields = {};
  for (const key of keys) {
    const value = fields[key];
    if (value === undefined) return undefined;
    signed[key] = value;
  }
  signed.store_passwd = md5(storePassword);
  const text = Object.keys(signed)
    .sort(byteOrder)
    .map((key) => `${key}=${signed[key]}`)
    .join('&');
  return md5(text);
}

/** Adds verify_key and verify_sign over every field given: what the gateway sends back to the merchant. */
export function signFields(fields: Fields, storePassword: string): Fields {
  const keys = Object.keys(fields).sort(byteOrder);
  return { ...fields, verify_key: keys.join(','), verify_sign: signatureOf(fields, keys, storePassword)! };
}

/** The fields a callback's signature must cover before we act on it: those that say what happened to which payment. */
function requiredSignedKeys(status: string | undefined): string[] {
  return status === STATUS.valid || status === STATUS.validated ? ['tran_id', 'status', 'val_id', 'amount', 'currency'] : ['tran_id', 'status'];
}

/** True when verify_sign matches and covers at least the fields we read. */
export function verifySignature(fields: Fields, storePassword: string): boolean {
  const { verify_sign: given, verify_key: keyList } = fields;
  if (!given || !keyList) return false;
  const keys = keyList.split(',').filter(Boolean);
  if (!requiredSignedKeys(fields.status).every((key) => keys.includes(key))) return false;
  const expected = signatureOf(fields, keys, storePassword);
  if (!expected || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given.toLowerCase()), Buffer.from(expected));
}

/** `1250.5` ৳ in poisha → '1250.50', the gateway's amount format. */
export function formatAmount(poisha: number): string {
  return (poisha / 100).toFixed(2);
}

/** A gateway amount ('1250', '1250.5', '1250.50') in poisha; null for anything else. */
export function parseAmount(text: string | undefined): number | null {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text?.trim() ?? '');
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** What the validation API answers (the fields we read). */
export type ValidationAnswer = {
  status?: string;
  tran_id?: string;
  val_id?: string;
  amount?: string;
  currency?: string;
  currency_type?: string;
  currency_amount?: string;
  bank_tran_id?: string;
};

export type ValidationVerdict = { ok: true; bankTranId: string | null } | { ok: false; reason: string };

/**
 * Whether a validation answer proves our payment: a valid status, our tran_id and val_id, and exactly the amount
 * in taka we asked for. When the shopper paid in another currency, the original amount and currency must be ours too.
 */
export function checkValidation(answer: ValidationAnswer, expected: { tranId: string; valId: string; amountPoisha: number }): ValidationVerdict {
  if (answer.status !== STATUS.valid && answer.status !== STATUS.validated) return { ok: false, reason: `status ${answer.status ?? 'missing'}` };
  if (answer.tran_id !== expected.tranId) return { ok: false, reason: 'tran_id differs' };
  if (answer.val_id !== undefined && answer.val_id !== expected.valId) return { ok: false, reason: 'val_id differs' };
  if (answer.currency !== CURRENCY) return { ok: false, reason: `currency ${answer.currency ?? 'missing'}` };
  if (parseAmount(answer.amount) !== expected.amountPoisha) return { ok: false, reason: `amount ${answer.amount ?? 'missing'}` };
  if (answer.currency_type !== undefined && answer.currency_type !== CURRENCY) return { ok: false, reason: `currency_type ${answer.currency_type}` };
  if (answer.currency_amount !== undefined && parseAmount(answer.currency_amount) !== expected.amountPoisha) {
    return { ok: false, reason: `currency_amount ${answer.currency_amount}` };
  }
  return { ok: true, bankTranId: answer.bank_tran_id ?? null };
}

/** The gateway answers JSON objects of text fields; anything else is treated as no answer. */
export function parseGatewayJson(body: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The text fields of a JSON answer (numbers become text, as PHP would print them). */
export function textFields(value: Record<string, unknown>): Fields {
  const fields: Fields = {};
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === 'string') fields[key] = field;
    else if (typeof field === 'number' && Number.isFinite(field)) fields[key] = String(field);
  }
  return fields;
}
