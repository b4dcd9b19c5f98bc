import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { refreshTokens } from '../../db/schema';
import { unauthorized } from '../../http/errors';
import { randomToken, sha256 } from './secrets';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_EXPIRED = 'Session expired, please sign in again';

/** Stores a new refresh token (hashed) in `familyId` — a new family for a new sign-in — and returns it. */
export async function issueRefreshToken(db: Db | Tx, userId: string, familyId = newId()): Promise<string> {
  const token = randomToken();
  await db.insert(refreshTokens).values({
    id: newId(),
    userId,
    familyId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  return token;
}

async function revokeFamily(db: Db | Tx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Trades a refresh token for a new one in the same family. A token that was already traded in means it was
 * copied: the whole family is revoked, so the thief's and the owner's copies both stop working.
 */
export async function rotateRefreshToken(db: Db, presented: string | undefined): Promise<{ userId: string; token: string }> {
  if (!presented) throw unauthorized(SESSION_EXPIRED);
  const [current] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(presented))).limit(1);
  if (!current || current.revokedAt || current.expiresAt <= new Date()) throw unauthorized(SESSION_EXPIRED);

  const next = current.rotatedAt
    ? null
    : await db.transaction(async (tx) => {
        // The conditional update makes two simultaneous uses of one token count as reuse, not as two rotations.
        const [claimed] = await tx
          .update(refreshTokens)
          .set({ rotatedAt: new Date() })
          .where(and(eq(refreshTokens.id, current.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
          .returning({ id: refreshTokens.id });
        return claimed ? issueRefreshToken(tx, current.userId, current.familyId) : null;
      });
  if (!next) {
    await revokeFamily(db, current.familyId);
    throw unauthorized(SESSION_EXPIRED);
  }
  return { userId: current.userId, token: next };
}

/** Sign-out: ends the session the token belongs to, whatever state the token is in. */
export async function revokeSessionOf(db: Db, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)))
    .limit(1);
  if (row) await revokeFamily(db, row.familyId);
}

/** Ends every session of a user (after a password reset). */
export async function revokeAllSessions(db: Db | Tx, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
