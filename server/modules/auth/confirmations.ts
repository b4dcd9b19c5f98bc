import { and, count, eq, gt, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { apiMessage } from '../../../contract/api-messages';
import type { Locale } from '../../../contract/locale';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { confirmations, users } from '../../db/schema';
import { badRequest, HttpError } from '../../http/errors';
import { codesLockedMessage } from './messages';
import { hashOtp, newOtpCode, randomToken, sameHash, sha256 } from './secrets';

export { OTP_TTL_MS } from './secrets';
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
  await db.update(confirmations).set({ expiresAt: new Date() }).where(and(where, live()));
}

const HOUR_MS = 60 * 60 * 1000;
/**
 * Wrong codes one account may be sent in an hour, from every client address together (for a sign-up, which has no
 * account yet, the phone number it registers). Each code allows OTP_MAX_TRIES, and anyone may ask for codes from many
 * addresses: only a count per account bounds the guesses at 4-digit codes. Once spent, the account's codes stop
 * verifying for an hour (sign-in with the password is untouched) and its owner is told.
 */
export const WRONG_CODES_PER_ACCOUNT_PER_HOUR = 20;

/** What checking a code needs: the database and secret, the shared tallies, and the courier that tells the owner. */
export type CodeChecks = Pick<AppContext, 'db' | 'config' | 'tallies' | 'courier'>;

/** Whose budget a confirmation's codes count against: its account's, else (a sign-up, an unknown address) its address's. */
const budgetOf = (row: Confirmation) => (row.userId ? `wrong-codes:user:${row.userId}` : `wrong-codes:address:${row.address}`);

/**
 * Checks a code against the live confirmation `where` matches and answers that confirmation. The try is counted before
 * the comparison, in one statement outside any transaction, so a failed guess is never rolled back and parallel guesses
 * cannot exceed OTP_MAX_TRIES; it is counted against the account's hourly budget before the comparison too, and given
 * back when right, so guesses in parallel from any number of processes cannot exceed the budget either. A code for an
 * address without an account counts the same way, so the answers tell nothing about which addresses have one.
 * `locale` is the request's, the language of a sign-up's warning.
 */
export async function checkCode(ctx: CodeChecks, where: SQL | undefined, code: string, locale: Locale): Promise<Confirmation> {
  const [row] = await ctx.db
    .update(confirmations)
    .set({ attempts: sql`${confirmations.attempts} + 1` })
    .where(and(where, live(), isNotNull(confirmations.codeHash), lt(confirmations.attempts, OTP_MAX_TRIES)))
    .returning();
  if (!row?.codeHash) throw badRequest(OTP_FAILED);
  const budget = budgetOf(row);
  const spent = await ctx.tallies.add(budget, 1, HOUR_MS);
  if (spent > WRONG_CODES_PER_ACCOUNT_PER_HOUR) throw new HttpError(429, apiMessage('codesLocked'), undefined, 60 * 60);
  if (sameHash(row.codeHash, hashOtp(ctx.config.jwtSecret, row.id, code))) {
    await ctx.tallies.add(budget, -1, HOUR_MS);
    return row;
  }
  if (spent === WRONG_CODES_PER_ACCOUNT_PER_HOUR) {
    // The lock lasts an hour from the guess that spent the budget, whenever its window began.
    await ctx.tallies.hold(budget, HOUR_MS);
    await warnOwner(ctx, row, locale);
  }
  throw badRequest(OTP_FAILED);
}

/**
 * Tells the owner that the codes were locked: an account's owner at the address of the code (a reset) or at the
 * account's own address (a new phone's code, which someone signed in to the account is guessing), in the language they
 * last signed in in; a phone registering, in the language of the sign-up's request. An address without an account
 * has nobody to tell.
 */
async function warnOwner(ctx: CodeChecks, row: Confirmation, locale: Locale): Promise<void> {
  if (row.purpose === 'register') {
    ctx.courier.send(row.address, codesLockedMessage('sign-up', locale));
    return;
  }
  if (!row.userId) return;
  const [owner] = await ctx.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  const to = row.purpose === 'reset-password' ? row.address : (owner?.email ?? owner?.phone);
  if (owner && to) ctx.courier.send(to, codesLockedMessage('account', owner.locale));
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
    .where(and(where, gt(confirmations.createdAt, new Date(Date.now() - HOUR_MS))));
  return row?.n ?? 0;
}

/** Links and codes one client address may have sent to a single email or phone in an hour. */
const MESSAGES_PER_ADDRESS_PER_HOUR = 5;
/**
 * Links and codes one email or phone receives in an hour, whoever asks: what strangers rotating client addresses can
 * send it. Twice what one client may send there, so one client alone never uses it up; the owner asking from a device
 * that has signed in to the account before is not held to it.
 */
export const MESSAGES_PER_DESTINATION_PER_HOUR = 10;

/**
 * Every link or code is counted against the client address that asked for it, in all (`perHour`) and per destination:
 * one client cannot flood an address, nor use up more than its own allowance.
 */
async function checkRequesterLimits(db: Db, perHour: number, requester: string, address: string): Promise<void> {
  const fromRequester = eq(confirmations.requester, requester);
  const [sent, sentThere] = await Promise.all([openedLastHour(db, fromRequester), openedLastHour(db, and(fromRequester, eq(confirmations.address, address)))]);
  if (sent >= perHour || sentThere >= MESSAGES_PER_ADDRESS_PER_HOUR) throw new HttpError(429, apiMessage('tooManyCodes'), undefined, 60 * 60);
}

/**
 * What one destination receives from every requester together, counted before anything is sent (atomically, in the
 * shared tallies). A device its owner has signed in on is not counted: strangers can use up the hour's messages to an
 * address, never its owner's way back in.
 */
async function checkDestinationLimit(ctx: Pick<AppContext, 'tallies'>, address: string, ownersDevice: boolean): Promise<void> {
  if (ownersDevice) return;
  const sent = await ctx.tallies.add(`messages-to:${address}`, 1, HOUR_MS);
  if (sent > MESSAGES_PER_DESTINATION_PER_HOUR) throw new HttpError(429, apiMessage('tooManyToAddress'), undefined, 60 * 60);
}

/**
 * The one rule for sending a link or code, and for asking for one again: within the requester's limits and the
 * destination's, a new confirmation opens in place of the live ones `replaces` matches (none when undefined), so only
 * the fresh code works. `ownersDevice`: the request comes from a device that has signed in to the account the
 * destination belongs to.
 */
export async function sendConfirmation(
  ctx: Pick<AppContext, 'db' | 'config' | 'tallies'>,
  fields: ConfirmationFields,
  replaces: SQL | undefined,
  ownersDevice = false,
): Promise<OpenedConfirmation> {
  await checkRequesterLimits(ctx.db, ctx.config.accountMessagesPerHour, fields.requester, fields.address);
  await checkDestinationLimit(ctx, fields.address, ownersDevice);
  if (replaces) await expireConfirmations(ctx.db, replaces);
  return openConfirmation(ctx.db, ctx.config.jwtSecret, fields);
}
