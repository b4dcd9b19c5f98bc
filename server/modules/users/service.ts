import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { LAST_ADMIN, OWN_ACCOUNT, OWN_ROLE, PASSWORD_MIN, type PublicUser, type Role, type UserList, type UserListQuery } from '../../../contract/auth';
import { pageAnswer } from '../../../contract/pages';
import type { Db, Tx } from '../../db/client';
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
  const rows = await db
    .select()
    .from(users)
    .orderBy(...newestFirst);
  return rows.map(toPublicUser);
}

/** `%` and `_` typed by the admin are searched for literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function userConditions(query: { search?: string; role?: Role }): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern))!);
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  return and(...conditions);
}

export async function searchUsers(db: Db, query: { searchTerm?: string; role?: Role }): Promise<PublicUser[]> {
  const rows = await db
    .select()
    .from(users)
    .where(userConditions({ search: query.searchTerm, role: query.role }))
    .orderBy(...newestFirst);
  return rows.map(toPublicUser);
}

/** The back office's user list: one page of the matches, newest first, with the number of matches in all. */
export async function listUserPage(db: Db, query: UserListQuery): Promise<UserList> {
  const where = userConditions(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const listed = rows.map((row) => ({ ...toPublicUser(row), createdAt: row.createdAt.toISOString() }));
  return pageAnswer(listed, counted?.n ?? 0, query.page, query.limit);
}

/**
 * Refuses to take the admin role from `userId` when they are the shop's last admin. The admins' rows are locked first,
 * so two admins demoting or deleting each other at once are counted one after the other and one of them stays.
 */
async function keepAnAdmin(tx: Tx, userId: string): Promise<void> {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).for('update');
  if (admins.length <= 1 && admins.some((admin) => admin.id === userId)) throw conflict(LAST_ADMIN);
}

export async function changeRole(db: Db, actorId: string, input: { userId: string; role: Role }): Promise<PublicUser> {
  // An admin demoting themselves could leave the shop with no admin at all.
  if (input.userId === actorId) throw conflict(OWN_ROLE);
  return db.transaction(async (tx) => {
    if (input.role !== 'admin') await keepAnAdmin(tx, input.userId);
    const [row] = await tx.update(users).set({ role: input.role, updatedAt: new Date() }).where(eq(users.id, input.userId)).returning();
    if (!row) throw notFound(USER_NOT_FOUND);
    return toPublicUser(row);
  });
}

export async function deleteUser(db: Db, media: Pick<MediaStore, 'release'>, actorId: string, userId: string): Promise<void> {
  if (userId === actorId) throw conflict(OWN_ACCOUNT);
  const row = await db.transaction(async (tx) => {
    await keepAnAdmin(tx, userId);
    const [deleted] = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id, profileImg: users.profileImg });
    if (!deleted) throw notFound(USER_NOT_FOUND);
    return deleted;
  });
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
