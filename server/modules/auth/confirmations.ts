import { and, count, eq, gt, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { confirmations } from '../../db/schema';
import { badRequest, HttpError } from '../../http/errors';
import { hashOtp, newOtpCode, randomToken, sameHash, sha256 } from './secrets';

export const OTP_TTL_MS = 5 * 60 * 1000;
export const OTP_MAX_TRIES = 5;
export const OTP_FAILED = 'Invalid OTP or session expired';
export const LINK_TTL_MS = 24 * 60 * 60 * 1000;

export type Confirmation = typeof confirmations.$inferSelect;
type Purpose = Confirmation['purpose'];

export type OpenedConfirmation = { id: string; token: string; code: string };

type ConfirmationFields = Pick<Confirmation, 'purpose' | 'address' | 'requester'> &
  Partial<Pick<Confirmation, 'userId' | 'name' | 'passwordHash'>> & { ttlMs: number; withCode: boolean; token?: string };

/**
 * Stores a confirmation and answers its secrets: the token (the emailed link's, or the one handed to whoever asked for
 * a code; random unless given) and a 4-digit code, kept only when `withCode`. Rows older than the longest lifetime are
 * swept out here.
 */
async function openConfirmation(db: Db | Tx, secret: string, fields: ConfirmationFields): Promise<OpenedConfirmation> {
  const { ttlMs, withCode, token = randomToken(), ...row } = fields;
  const id = newId();
  const code = newOtpCode();
  await db.delete(confirmations).where(lt(confirmations.createdAt, new Date(Date.now() - LINK_TTL_MS - 60 * 60 * 1000)));
  await db.insert(confirmations).values({
    id,
    ...row,
    tokenHash: sha256(token),
    codeHash: withCode ? hashOtp(secret, id, code) : null,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return { id, token, code };
}

const live = () => and(isNull(confirmations.consumedAt), gt(confirmations.expiresAt, new Date()));

/** Ends the live confirmations `where` matches, so a fresh one replaces them. */
export async function expireConfirmations(db: Db | Tx, where: SQL | undefined): Promise<void> {
  await db
    .update(confirmations)
    .set({ expiresAt: new Date() })
    .where(and(where, live()));
}

/**
 * Checks a code against the live confirmation `where` matches and answers that confirmation. The try is counted before
 * the comparison, in one statement outside any transaction, so a failed guess is never rolled back and parallel guesses
 * cannot exceed OTP_MAX_TRIES.
 */
export async function checkCode(db: Db, secret: string, where: SQL | undefined, code: string): Promise<Confirmation> {
  const [row] = await db
    .update(confirmations)
    .set({ attempts: sql`${confirmations.attempts} + 1` })
    .where(and(where, live(), isNotNull(confirmations.codeHash), lt(confirmations.attempts, OTP_MAX_TRIES)))
    .returning();
  if (!row?.codeHash || !sameHash(row.codeHash, hashOtp(secret, row.id, code))) throw badRequest(OTP_FAILED);
  return row;
}

/** Marks a confirmation used; answers false when it already was (a race of two uses). */
export async function consumeConfirmation(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx
    .update(confirmations)
    .set({ consumedAt: new Date() })
    .where(and(eq(confirmations.id, id), isNull(confirmations.consumedAt)))
    .returning({ id: confirmations.id });
  return row !== undefined;
}

/** The confirmation behind an emailed link's token, whatever its state. */
export async function findByToken(db: Db, purpose: Purpose, token: string): Promise<Confirmation | undefined> {
  const [row] = await db
    .select()
    .from(confirmations)
    .where(and(eq(confirmations.tokenHash, sha256(token)), eq(confirmations.purpose, purpose)))
    .limit(1);
  return row;
}

/** How many confirmations `where` matches among those opened in the last hour. */
async function openedLastHour(db: Db | Tx, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(confirmations)
    .where(and(where, gt(confirmations.createdAt, new Date(Date.now() - 60 * 60 * 1000))));
  return row?.n ?? 0;
}

/** Links and codes one client address may have sent to a single email or phone in an hour. */
const MESSAGES_PER_ADDRESS_PER_HOUR = 5;

/**
 * Every link or code is counted against the client address that asked for it, in all (`perHour`) and per destination,
 * never against the destination alone: a stranger can use up only their own allowance, never the owner's.
 */
async function checkRequesterLimits(db: Db, perHour: number, requester: string, address: string): Promise<void> {
  const fromRequester = eq(confirmations.requester, requester);
  const [sent, sentThere] = await Promise.all([
    openedLastHour(db, fromRequester),
    openedLastHour(db, and(fromRequester, eq(confirmations.address, address))),
  ]);
  if (sent >= perHour || sentThere >= MESSAGES_PER_ADDRESS_PER_HOUR) {
    throw new HttpError(429, 'Too many codes and links were asked for from your network. Please try again in an hour.');
  }
}

/**
 * The one rule for sending a link or code, and for asking for one again: within the requester's limits, a new
 * confirmation opens in place of the live ones `replaces` matches (none when undefined), so only the fresh code works.
 */
export async function sendConfirmation(ctx: Pick<AppContext, 'db' | 'config'>, fields: ConfirmationFields, replaces: SQL | undefined): Promise<OpenedConfirmation> {
  await checkRequesterLimits(ctx.db, ctx.config.accountMessagesPerHour, fields.requester, fields.address);
  if (replaces) await expireConfirmations(ctx.db, replaces);
  return openConfirmation(ctx.db, ctx.config.jwtSecret, fields);
}
