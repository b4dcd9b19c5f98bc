import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Role } from '../../../contract/auth';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { refreshTokens, sessions, users } from '../../db/schema';
import { SESSION_EXPIRED } from '../../http/auth';
import { unauthorized } from '../../http/errors';
import { randomToken, sha256 } from './secrets';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * How long a refresh token that was just traded in still works. Two tabs (or parallel calls of a client without a
 * lock) refresh with the same cookie at once; the later one gets a sibling token in the same session instead of
 * ending it. After the window a reused token means it was copied, and the session ends.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

async function issueRefreshToken(db: Db | Tx, userId: string, sessionId: string): Promise<string> {
  const token = randomToken();
  await db.insert(refreshTokens).values({
    id: newId(),
    userId,
    sessionId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  return token;
}

/** A new session for a sign-in, with its first refresh token. */
export function openSession(db: Db, userId: string): Promise<{ sessionId: string; refreshToken: string }> {
  return db.transaction(async (tx) => {
    const sessionId = newId();
    await tx.insert(sessions).values({ id: sessionId, userId });
    return { sessionId, refreshToken: await issueRefreshToken(tx, userId, sessionId) };
  });
}

async function endSession(db: Db | Tx, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Trades a refresh token for a new one in the same session. A token traded in within REFRESH_REUSE_GRACE_MS gets a
 * sibling; one traded in earlier means it was copied: the session ends, so the thief's and the owner's copies both
 * stop working.
 */
export async function rotateRefreshToken(db: Db, presented: string | undefined): Promise<{ userId: string; sessionId: string; token: string }> {
  if (!presented) throw unauthorized(SESSION_EXPIRED);
  const [current] = await db
    .select({ id: refreshTokens.id, userId: refreshTokens.userId, sessionId: refreshTokens.sessionId, expiresAt: refreshTokens.expiresAt })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(and(eq(refreshTokens.tokenHash, sha256(presented)), isNull(sessions.revokedAt)))
    .limit(1);
  if (!current || current.expiresAt <= new Date()) throw unauthorized(SESSION_EXPIRED);

  const next = await db.transaction(async (tx) => {
    // The conditional update lets exactly one of several simultaneous uses be the rotation; the others are reuse.
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: new Date() })
      .where(and(eq(refreshTokens.id, current.id), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    if (!claimed) {
      const [recent] = await tx
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.id, current.id), gt(refreshTokens.rotatedAt, new Date(Date.now() - REFRESH_REUSE_GRACE_MS))));
      if (!recent) return null;
    }
    return issueRefreshToken(tx, current.userId, current.sessionId);
  });
  if (!next) {
    await endSession(db, current.sessionId);
    throw unauthorized(SESSION_EXPIRED);
  }
  return { userId: current.userId, sessionId: current.sessionId, token: next };
}

/** Sign-out: ends the session the refresh token belongs to, whatever state the token is in. */
/** Ends the session of a presented refresh token; answers its user, or null when the token is unknown. */
export async function endSessionOf(db: Db, presented: string | undefined): Promise<string | null> {
  if (!presented) return null;
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)))
    .limit(1);
  if (!row) return null;
  await endSession(db, row.sessionId);
  return row.userId;
}

/** Ends every session of a user but `keep` (after a password reset: all; after a password change: all but this one). */
export async function endSessionsOf(db: Db | Tx, userId: string, keep?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined));
}

/**
 * The user's current role while the session is live, else null (signed out, ended, or the user deleted). Read on every
 * authenticated request — one primary-key row each from sessions and users — so a new role, a deletion or a sign-out
 * takes effect on the next request rather than when the access token expires.
 */
export async function liveSessionRole(db: Db, sessionId: string, userId: string): Promise<Role | null> {
  const [row] = await db
    .select({ role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .limit(1);
  return row?.role ?? null;
}
