import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { PASSWORD_MIN, type PublicUser, type Role } from '../../../contract/auth';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { users } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { hashPassword } from '../auth/secrets';
import type { MediaStore } from '../media/store';
import { toPublicUser } from './public';

export const DEFAULT_ADMIN_EMAIL = 'admin@haat.local';
const USER_NOT_FOUND = 'User not found';

const newestFirst = [desc(users.createdAt), desc(users.id)];

export async function listUsers(db: Db): Promise<PublicUser[]> {
  const rows = await db.select().from(users).orderBy(...newestFirst);
  return rows.map(toPublicUser);
}

/** `%` and `_` typed by the admin are searched for literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function searchUsers(db: Db, query: { searchTerm?: string; role?: Role }): Promise<PublicUser[]> {
  const conditions: SQL[] = [];
  if (query.searchTerm) {
    const pattern = containsPattern(query.searchTerm);
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern))!);
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  const rows = await db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(...newestFirst);
  return rows.map(toPublicUser);
}

export async function changeRole(db: Db, actorId: string, input: { userId: string; role: Role }): Promise<PublicUser> {
  // An admin demoting themselves could leave the shop with no admin at all.
  if (input.userId === actorId) throw conflict('You cannot change your own role');
  const [row] = await db
    .update(users)
    .set({ role: input.role, updatedAt: new Date() })
    .where(eq(users.id, input.userId))
    .returning();
  if (!row) throw notFound(USER_NOT_FOUND);
  return toPublicUser(row);
}

export async function deleteUser(db: Db, media: Pick<MediaStore, 'release'>, actorId: string, userId: string): Promise<void> {
  if (userId === actorId) throw conflict('You cannot delete your own account');
  const [row] = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id, profileImg: users.profileImg });
  if (!row) throw notFound(USER_NOT_FOUND);
  await media.release([row.profileImg]);
}

/**
 * Makes sure the shop has an administrator at start-up. ADMIN_EMAIL's account is made admin when it exists;
 * with no admin at all one is created from ADMIN_EMAIL / ADMIN_PASSWORD, falling back to admin@haat.local
 * and a generated password that is returned so it can be shown once.
 */
export async function ensureAdmin(
  db: Db,
  admin: { email: string | undefined; password: string | undefined },
): Promise<{ email: string; generatedPassword?: string }> {
  if (admin.password !== undefined && admin.password.length < PASSWORD_MIN) {
    throw new Error(`ADMIN_PASSWORD must be at least ${PASSWORD_MIN} characters`);
  }
  const wantedEmail = admin.email?.trim().toLowerCase();
  if (wantedEmail) {
    const [promoted] = await db
      .update(users)
      .set({ role: 'admin', updatedAt: new Date() })
      .where(eq(users.email, wantedEmail))
      .returning({ email: users.email });
    if (promoted) return { email: wantedEmail };
  }
  const [existing] = await db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (existing) return { email: existing.email ?? existing.phone ?? '' };

  const email = wantedEmail ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword = admin.password === undefined ? randomBytes(12).toString('base64url') : undefined;
  const passwordHash = await hashPassword(admin.password ?? generatedPassword!);
  const now = new Date();
  await db
    .insert(users)
    .values({ id: newId(), name: 'Admin', email, passwordHash, role: 'admin' })
    .onConflictDoUpdate({
      // Only reachable for the default address: a non-admin account squatting on it is taken over.
      target: users.email,
      set: { role: 'admin', passwordHash, updatedAt: now },
    });
  return generatedPassword ? { email, generatedPassword } : { email };
}
