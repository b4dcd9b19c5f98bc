import { count, desc, eq, ilike, sql } from 'drizzle-orm';
import { apiMessage } from '../../../contract/api-messages';
import {
  PERCENT_OVER_100,
  VALID_TO_BEFORE_FROM,
  type Coupon,
  type CouponCreateInput,
  type CouponList,
  type CouponListQuery,
  type CouponUpdateInput,
} from '../../../contract/coupons';
import { pageAnswer } from '../../../contract/pages';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { coupons } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-errors';

type CouponRow = typeof coupons.$inferSelect;

const COUPON_NOT_FOUND = 'Coupon not found';
const newestFirst = [desc(coupons.createdAt), desc(coupons.id)];

function toCoupon(row: CouponRow): Coupon {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    minOrder: row.minOrder,
    validFrom: row.validFrom?.toISOString() ?? null,
    validTo: row.validTo?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    usedCount: row.usedCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `%`, `_` and `\` typed by the admin are literal characters. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listCoupons(db: Db, query: CouponListQuery): Promise<CouponList> {
  const where = query.search ? ilike(coupons.code, containsPattern(query.search)) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(coupons).where(where),
  ]);
  return pageAnswer(rows.map(toCoupon), counted?.n ?? 0, query.page, query.limit);
}

export async function getCoupon(db: Db, id: string): Promise<Coupon> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  if (!row) throw notFound(COUPON_NOT_FOUND);
  return toCoupon(row);
}

/** Codes are unique in any case, as shoppers type them: the database's index on lower(code) has the last word. */
async function uniqueCode<T>(db: Db, code: string, exceptId: string | null, write: () => Promise<T>): Promise<T> {
  const [taken] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${code})`)
    .limit(1);
  if (taken && taken.id !== exceptId) throw conflict(apiMessage('couponCodeTaken', code));
  try {
    return await write();
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw conflict(apiMessage('couponCodeTaken', code));
    throw err;
  }
}

export async function createCoupon(db: Db, input: CouponCreateInput): Promise<Coupon> {
  const [row] = await uniqueCode(db, input.code, null, () =>
    db
      .insert(coupons)
      .values({
        id: newId(),
        code: input.code,
        kind: input.kind,
        value: input.value,
        minOrder: input.minOrder,
        validFrom: input.validFrom === null ? null : new Date(input.validFrom),
        validTo: input.validTo === null ? null : new Date(input.validTo),
        usageLimit: input.usageLimit,
        perCustomerLimit: input.perCustomerLimit,
      })
      .returning(),
  );
  return toCoupon(row!);
}

const asDate = (iso: string | null | undefined) => (iso === undefined ? undefined : iso === null ? null : new Date(iso));

/**
 * Changes the fields given. The rules across fields are checked against the coupon as it will be (a percent over 100,
 * an end before the start), and the total limit against the uses so far, with the coupon's row locked as orders lock
 * it, so an order placed meanwhile is counted.
 */
export async function updateCoupon(db: Db, id: string, input: CouponUpdateInput): Promise<Coupon> {
  const write = () =>
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
      if (!current) throw notFound(COUPON_NOT_FOUND);
      const kind = input.kind ?? current.kind;
      const value = input.value ?? current.value;
      if (kind === 'percent' && value > 100) throw badRequest(PERCENT_OVER_100);
      const validFrom = asDate(input.validFrom) ?? (input.validFrom === null ? null : current.validFrom);
      const validTo = asDate(input.validTo) ?? (input.validTo === null ? null : current.validTo);
      if (validFrom && validTo && validTo < validFrom) throw badRequest(VALID_TO_BEFORE_FROM);
      const usageLimit = input.usageLimit === undefined ? current.usageLimit : input.usageLimit;
      if (usageLimit !== null && usageLimit < current.usedCount) throw conflict(apiMessage('usageLimitBelowUses', current.usedCount));
      const [row] = await tx
        .update(coupons)
        .set({
          ...(input.code !== undefined && { code: input.code }),
          kind,
          value,
          validFrom,
          validTo,
          usageLimit,
          ...(input.minOrder !== undefined && { minOrder: input.minOrder }),
          ...(input.perCustomerLimit !== undefined && { perCustomerLimit: input.perCustomerLimit }),
        })
        .where(eq(coupons.id, id))
        .returning();
      return toCoupon(row!);
    });
  return input.code === undefined ? write() : uniqueCode(db, input.code, id, write);
}

/** Orders placed with a deleted coupon keep its code and their discount. */
export async function deleteCoupon(db: Db, id: string): Promise<void> {
  const [row] = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  if (!row) throw notFound(COUPON_NOT_FOUND);
}
