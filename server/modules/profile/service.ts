import { eq } from 'drizzle-orm';
import type { PublicUser } from '../../../contract/auth';
import type { Locale } from '../../../contract/locale';
import { CURRENT_PASSWORD_WRONG, type ChangePasswordInput, type Profile, type ProfileUpdateInput } from '../../../contract/profile';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { hashPassword, verifyPassword } from '../auth/secrets';
import { endSessionsOf } from '../auth/sessions';
import type { MediaStore } from '../media/store';
import { toPublicUser, type UserRow } from '../users/public';
import { confirmEmailChange, confirmPhoneChange, requestContactChange, withPendingChanges } from './contact-changes';

const USER_NOT_FOUND = 'User not found';

/** Profiles are read by their owner or an admin, and changed by their owner only. */
export function checkSelf(actor: AuthUser, id: string, allowAdmin = false): void {
  if (id !== actor.id && !(allowAdmin && actor.role === 'admin')) throw forbidden('You can only manage your own profile');
}

async function findUser(db: Db, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

export async function getProfile(db: Db, actor: AuthUser, id: string): Promise<Profile> {
  checkSelf(actor, id, true);
  return withPendingChanges(db, await findUser(db, id));
}

/**
 * Changes the name, address and picture given. A new email or phone number is not set here: its owner is sent a link
 * or a code, in `locale`, and it takes effect when that comes back (see contact-changes.ts).
 */
export async function updateProfile(ctx: AppContext, actor: AuthUser, input: ProfileUpdateInput, requester: string, locale: Locale): Promise<Profile> {
  checkSelf(actor, input.id);
  const current = await findUser(ctx.db, input.id);
  const { id, email, phone, ...rest } = input;
  if (email !== undefined && email !== current.email) await requestContactChange(ctx, current, 'email', email, requester, locale);
  if (phone !== undefined && phone !== current.phone) await requestContactChange(ctx, current, 'phone', phone, requester, locale);
  const [row] = await ctx.db
    .update(users)
    .set({ ...rest, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw notFound(USER_NOT_FOUND);
  return withPendingChanges(ctx.db, row);
}

export async function confirmEmail(ctx: AppContext, actor: AuthUser, token: string, locale: Locale): Promise<Profile> {
  return confirmEmailChange(ctx, actor, await findUser(ctx.db, actor.id), token, locale);
}

export async function confirmPhone(ctx: AppContext, actor: AuthUser, code: string, locale: Locale): Promise<Profile> {
  return confirmPhoneChange(ctx, await findUser(ctx.db, actor.id), code, locale);
}

/**
 * Checks the current password, stores the new one, and signs out every other session (a password change is what
 * someone does when they fear another device has their account). The session making the change stays signed in.
 */
export async function changePassword(db: Db, actor: AuthUser, input: ChangePasswordInput): Promise<void> {
  checkSelf(actor, input.id);
  const user = await findUser(db, input.id);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw badRequest(CURRENT_PASSWORD_WRONG);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await endSessionsOf(tx, user.id, actor.sessionId);
  });
}

/** Sets the picture; the one it replaces is deleted unless something else shows it. */
export async function setProfileImage(db: Db, media: Pick<MediaStore, 'release'>, actor: AuthUser, id: string, url: string): Promise<PublicUser> {
  checkSelf(actor, id);
  const [before] = await db.select({ profileImg: users.profileImg }).from(users).where(eq(users.id, id)).limit(1);
  const [row] = await db.update(users).set({ profileImg: url, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  if (!row) throw notFound(USER_NOT_FOUND);
  if (before?.profileImg !== url) await media.release([before?.profileImg]);
  return toPublicUser(row);
}
