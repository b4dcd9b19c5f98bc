import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { apiMessage, type ApiMessage } from '../../../contract/api-messages';
import type { Locale } from '../../../contract/locale';
import type { Profile } from '../../../contract/profile';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { confirmations, users } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { badRequest, conflict, forbidden } from '../../http/errors';
import {
  checkCode,
  consumeConfirmation,
  expireConfirmations,
  findByToken,
  LINK_TTL_MS,
  OTP_TTL_MS,
  sendConfirmation,
  type Confirmation,
} from '../auth/confirmations';
import { codeMessage, confirmNewEmailMessage, contactChangedMessage, type ContactKind } from '../auth/messages';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-errors';
import { toPublicUser, type UserRow } from '../users/public';

/**
 * A new email or phone number takes effect only once its owner proves it: a link mailed to the new email, opened while
 * signed in to the account that asked, or a code texted to the new number and entered there. Until then the address is
 * not reserved: whoever registers it meanwhile gets it, and the pending change fails when it comes back.
 */
const PURPOSE = { email: 'change-email', phone: 'change-phone' } as const satisfies Record<ContactKind, Confirmation['purpose']>;
const TAKEN = {
  email: apiMessage('emailTakenNow'),
  phone: apiMessage('phoneTakenNow'),
} as const satisfies Record<ContactKind, ApiMessage>;

/** The user as Settings shows it, with the changes still waiting for their proof. */
export async function withPendingChanges(db: Db, row: UserRow): Promise<Profile> {
  const pending = await db
    .select({ purpose: confirmations.purpose, address: confirmations.address })
    .from(confirmations)
    .where(
      and(
        eq(confirmations.userId, row.id),
        inArray(confirmations.purpose, [PURPOSE.email, PURPOSE.phone]),
        isNull(confirmations.consumedAt),
        gt(confirmations.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(confirmations.createdAt));
  const latest = (kind: ContactKind) => pending.find((p) => p.purpose === PURPOSE[kind])?.address ?? null;
  return {
    ...toPublicUser(row),
    pendingEmail: latest('email'),
    pendingPhone: latest('phone'),
    orderNotifications: row.orderNotifications,
    ownerAlerts: row.ownerAlerts,
  };
}

/** Sends the proof for a new email or phone number, in `locale`; asking again replaces the earlier link or code. */
export async function requestContactChange(
  ctx: AppContext,
  user: UserRow,
  kind: ContactKind,
  address: string,
  requester: string,
  locale: Locale,
): Promise<void> {
  const mine = and(eq(confirmations.userId, user.id), eq(confirmations.purpose, PURPOSE[kind]));
  const opened = await sendConfirmation(
    ctx,
    { purpose: PURPOSE[kind], address, userId: user.id, requester, ttlMs: kind === 'email' ? LINK_TTL_MS : OTP_TTL_MS, withCode: kind === 'phone' },
    mine,
  );
  const message =
    kind === 'email'
      ? confirmNewEmailMessage(user.name, `${ctx.config.publicUrl}/confirm-email/${opened.token}`, locale)
      : codeMessage(opened.code, 'phone number change', locale);
  ctx.courier.send(address, message);
}

/**
 * Applies a proven change, then tells the old address (or, with none of that kind, the other one) that it happened, in
 * the language of the account's owner confirming it.
 */
async function applyChange(ctx: AppContext, before: UserRow, confirmation: Confirmation, kind: ContactKind, locale: Locale): Promise<Profile> {
  const column = kind === 'email' ? { email: confirmation.address } : { phone: confirmation.address };
  let row: UserRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      if (!(await consumeConfirmation(tx, confirmation.id))) throw conflict('This change is already confirmed');
      const [updated] = await tx
        .update(users)
        .set({ ...column, updatedAt: new Date() })
        .where(eq(users.id, before.id))
        .returning();
      return updated!;
    });
  } catch (err) {
    if (pgErrorCode(err) !== UNIQUE_VIOLATION) throw err;
    // Someone registered (or changed to) the address first: this change can never succeed.
    await expireConfirmations(ctx.db, eq(confirmations.id, confirmation.id));
    throw conflict(TAKEN[kind]);
  }
  const told = (kind === 'email' ? before.email : before.phone) ?? (kind === 'email' ? before.phone : before.email);
  if (told) ctx.courier.send(told, contactChangedMessage(kind, confirmation.address, ctx.config.publicUrl, locale));
  return withPendingChanges(ctx.db, row);
}

const LINK_INVALID = 'Invalid link. Ask for the change again in Settings.';

/** The link mailed to a new email, opened by the signed-in account that asked for it. */
export async function confirmEmailChange(ctx: AppContext, actor: AuthUser, before: UserRow, token: string, locale: Locale): Promise<Profile> {
  const found = await findByToken(ctx.db, PURPOSE.email, token);
  if (!found) throw badRequest(LINK_INVALID);
  if (found.userId !== actor.id) throw forbidden('This link was sent for another account. Sign in to that account and open it again.');
  if (found.consumedAt) throw conflict('This change is already confirmed');
  if (found.expiresAt <= new Date()) throw badRequest('This link has expired. Ask for the change again in Settings.');
  return applyChange(ctx, before, found, 'email', locale);
}

/** The code texted to a new phone number, entered by the signed-in account that asked for it. */
export async function confirmPhoneChange(ctx: AppContext, before: UserRow, code: string, locale: Locale): Promise<Profile> {
  const mine = and(eq(confirmations.userId, before.id), eq(confirmations.purpose, PURPOSE.phone));
  return applyChange(ctx, before, await checkCode(ctx, mine, code, locale), 'phone', locale);
}
