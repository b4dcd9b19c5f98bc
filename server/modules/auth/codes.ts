import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { oneTimeTokens, otps } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { hashOtp, newOtpCode, randomToken, sameHash, sha256 } from './secrets';

export const OTP_TTL_MS = 5 * 60 * 1000;
export const OTP_MAX_TRIES = 5;
export const OTP_FAILED = 'Invalid OTP or session expired';

type OtpPurpose = (typeof otps.$inferInsert)['purpose'];
type TokenPurpose = (typeof oneTimeTokens.$inferInsert)['purpose'];

/**
 * Fresh codes per account and purpose within OTP_WINDOW_MS. Each code allows OTP_MAX_TRIES guesses, so this
 * caps the guesses at one account's 10,000 codes however many addresses an attacker sends from.
 */
export const OTP_MAX_ISSUED = 5;
const OTP_WINDOW_MS = 60 * 60 * 1000;

/**
 * Creates a fresh code for the user and purpose, or answers null when the account already had OTP_MAX_ISSUED
 * codes in the last hour. Earlier codes stop working; rows are kept for the hour so they can be counted.
 */
export async function issueOtp(db: Db, secret: string, userId: string, purpose: OtpPurpose): Promise<string | null> {
  const id = newId();
  const code = newOtpCode();
  const now = Date.now();
  const windowStart = new Date(now - OTP_WINDOW_MS);
  const mine = and(eq(otps.userId, userId), eq(otps.purpose, purpose));
  return db.transaction(async (tx) => {
    await tx.delete(otps).where(and(mine, lt(otps.createdAt, windowStart)));
    const [issued] = await tx.select({ n: count() }).from(otps).where(mine);
    if ((issued?.n ?? 0) >= OTP_MAX_ISSUED) return null;
    await tx
      .update(otps)
      .set({ expiresAt: new Date(now) })
      .where(and(mine, isNull(otps.consumedAt), gt(otps.expiresAt, new Date(now))));
    await tx.insert(otps).values({
      id,
      userId,
      purpose,
      codeHash: hashOtp(secret, id, code),
      expiresAt: new Date(now + OTP_TTL_MS),
    });
    return code;
  });
}

/**
 * Checks a code and returns the id of the live OTP it matches. The try is counted before the comparison,
 * in one statement outside any transaction, so a failed guess is never rolled back and parallel guesses
 * cannot exceed the limit.
 */
export async function checkOtp(db: Db, secret: string, userId: string, purpose: OtpPurpose, code: string): Promise<string> {
  const [otp] = await db
    .update(otps)
    .set({ attempts: sql`${otps.attempts} + 1` })
    .where(
      and(
        eq(otps.userId, userId),
        eq(otps.purpose, purpose),
        isNull(otps.consumedAt),
        gt(otps.expiresAt, new Date()),
        lt(otps.attempts, OTP_MAX_TRIES),
      ),
    )
    .returning({ id: otps.id, codeHash: otps.codeHash });
  if (!otp || !sameHash(otp.codeHash, hashOtp(secret, otp.id, code))) throw badRequest(OTP_FAILED);
  return otp.id;
}

/** Marks a checked OTP used; a second use of the same code (a race) fails. */
export async function consumeOtp(tx: Tx, otpId: string): Promise<void> {
  const [consumed] = await tx
    .update(otps)
    .set({ consumedAt: new Date() })
    .where(and(eq(otps.id, otpId), isNull(otps.consumedAt)))
    .returning({ id: otps.id });
  if (!consumed) throw badRequest(OTP_FAILED);
}

/** Creates a single-use token (stored hashed); earlier unused tokens of that purpose for the user stop working. */
export async function issueOneTimeToken(db: Db | Tx, userId: string, purpose: TokenPurpose, ttlMs: number): Promise<string> {
  const token = randomToken();
  await db
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  await db.insert(oneTimeTokens).values({
    id: newId(),
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}
