import { and, eq, ne } from 'drizzle-orm';
import type { PublicUser } from '../../../contract/auth';
import { CURRENT_PASSWORD_WRONG, type ChangePasswordInput, type ProfileUpdateInput } from '../../../contract/profile';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { hashPassword, verifyPassword } from '../auth/secrets';
import { endSessionsOf } from '../auth/sessions';
import { pgErrorCode, UNIQUE_VIOLATION } from '../catalogue/pg-errors';
import { toPublicUser, type UserRow } from '../users/public';

const USER_NOT_FOUND = 'User not found';
const EMAIL_TAKEN = 'An account with this email already exists';
const PHONE_TAKEN = 'An account with this phone number already exists';

/** Profiles are read by their owner or an admin, and changed by their owner only. */
export function checkSelf(actor: AuthUser, id: string, allowAdmin = false): void {
  if (id !== actor.id && !(allowAdmin && actor.role === 'admin')) throw forbidden('You can only manage your own profile');
}

async function findUser(db: Db, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

export async function getProfile(db: Db, actor: AuthUser, id: string): Promise<PublicUser> {
  checkSelf(actor, id, true);
  return toPublicUser(await findUser(db, id));
}

async function takenByOther(db: Db, id: string, column: typeof users.email | typeof users.phone, value: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(column, value), ne(users.id, id)))
    .limit(1);
  return other !== undefined;
}

/** Changes only the fields given. A new email is unproven until verified again; email and phone stay unique. */
export async function updateProfile(db: Db, actor: AuthUser, input: ProfileUpdateInput): Promise<PublicUser> {
  checkSelf(actor, input.id);
  const current = await findUser(db, input.id);
  const { id, email, ...rest } = input;
  if (email !== undefined && email !== current.email && (await takenByOther(db, id, users.email, email))) throw conflict(EMAIL_TAKEN);
  if (rest.phone !== undefined && rest.phone !== current.phone && (await takenByOther(db, id, users.phone, rest.phone))) throw conflict(PHONE_TAKEN);

  const changes: Partial<typeof users.$inferInsert> = { ...rest, updatedAt: new Date() };
  if (email !== undefined && email !== current.email) Object.assign(changes, { email, isEmailVerified: false });
  try {
    const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
    if (!row) throw notFound(USER_NOT_FOUND);
    return toPublicUser(row);
  } catch (err) {
    // Another account took the email or phone between the check and the update.
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw conflict(email !== undefined ? EMAIL_TAKEN : PHONE_TAKEN);
    throw err;
  }
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

export async function setProfileImage(db: Db, actor: AuthUser, id: string, url: string): Promise<PublicUser> {
  checkSelf(actor, id);
  const [row] = await db.update(users).set({ profileImg: url, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  if (!row) throw notFound(USER_NOT_FOUND);
  return toPublicUser(row);
}
