import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  BD_PHONE_PATTERN,
  type LoginInput,
  type PublicUser,
  type RegisterInput,
  type RegisterResult,
  type ResetOtpResult,
  type SessionData,
} from '../../../contract/auth';
import type { GoogleIdentity } from '../../adapters/google';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { oneTimeTokens, users } from '../../db/schema';
import { badRequest, conflict, forbidden, HttpError, unauthorized } from '../../http/errors';
import { toPublicUser, type UserRow } from '../users/public';
import { checkOtp, consumeOtp, issueOneTimeToken, issueOtp, OTP_FAILED, OTP_TTL_MS } from './codes';
import { hashPassword, sha256, verifyPassword } from './secrets';
import { endSessionOf, endSessionsOf, openSession, rotateRefreshToken } from './sessions';

const VERIFY_LINK_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TOKEN_TTL_MS = 10 * 60 * 1000;

const BAD_CREDENTIALS = 'Invalid email/phone or password';
const RESET_EXPIRED = 'Reset session expired. Please request a new OTP.';
const ALREADY_VERIFIED = 'Account already verified';

type Identifier = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

/** A Bangladeshi mobile number in its 11-digit form, accepting spaces, dashes and the +88 / 88 country prefix. */
function normalizePhone(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '').replace(/^\+?88(?=01)/, '');
  return BD_PHONE_PATTERN.test(digits) ? digits : null;
}

/** Sign-in identifiers are an email (compared lowercased) or a phone number. */
function parseIdentifier(raw: string): Identifier | null {
  const value = raw.trim();
  if (value.includes('@')) return { kind: 'email', value: value.toLowerCase() };
  const phone = normalizePhone(value);
  return phone ? { kind: 'phone', value: phone } : null;
}

async function findByIdentifier(db: Db, id: Identifier | null): Promise<UserRow | undefined> {
  if (!id) return undefined;
  const column = id.kind === 'email' ? users.email : users.phone;
  const [user] = await db.select().from(users).where(eq(column, id.value)).limit(1);
  return user;
}

/** The verified account behind an identifier: password reset ignores accounts nobody has proven. */
async function findVerified(db: Db, raw: string): Promise<{ id: Identifier; user: UserRow } | null> {
  const id = parseIdentifier(raw);
  const user = await findByIdentifier(db, id);
  return id && user?.verifiedAt ? { id, user } : null;
}

/**
 * Registration of an email or phone that has an unproven account updates that account instead of refusing,
 * so someone who lost the first message can simply register again. A proven account is never touched.
 */
async function upsertUnverified(
  db: Db,
  contact: { email: string } | { phone: string },
  name: string,
  passwordHash: string,
): Promise<UserRow> {
  const byEmail = 'email' in contact;
  const taken = `An account with this ${byEmail ? 'email' : 'phone number'} already exists`;
  const match = byEmail ? eq(users.email, contact.email) : eq(users.phone, contact.phone);
  const [existing] = await db.select().from(users).where(match).limit(1);
  if (existing?.verifiedAt) throw conflict(taken);
  const [row] = existing
    ? await db
        .update(users)
        .set({ name, passwordHash, updatedAt: new Date() })
        .where(and(eq(users.id, existing.id), isNull(users.verifiedAt)))
        .returning()
    : await db
        .insert(users)
        .values({ id: newId(), name, ...contact, passwordHash })
        .onConflictDoNothing()
        .returning();
  // No row: another request registered or verified the same contact in the meantime.
  if (!row) throw conflict(taken);
  return row;
}

export async function register(ctx: AppContext, input: RegisterInput): Promise<RegisterResult> {
  const passwordHash = await hashPassword(input.password);
  if (input.method === 'email') {
    const user = await upsertUnverified(ctx.db, { email: input.email }, input.name, passwordHash);
    const token = await ctx.db.transaction((tx) => issueOneTimeToken(tx, user.id, 'verify-email', VERIFY_LINK_TTL_MS));
    const link = `${ctx.config.publicUrl}/verify/${token}`;
    await ctx.mailer.send({
      to: input.email,
      subject: 'Verify your haat account',
      text:
        `Hello ${user.name},\n\nOpen this link to verify your haat account:\n${link}\n\n` +
        'The link is valid for 24 hours. If you did not sign up, you can ignore this message.',
    });
    return { method: 'email', email: input.email };
  }
  const user = await upsertUnverified(ctx.db, { phone: input.phone }, input.name, passwordHash);
  const code = await issueOtp(ctx.db, ctx.config.jwtSecret, user.id, 'register');
  if (!code) throw new HttpError(429, 'Too many codes requested for this number. Please try again in an hour.');
  await ctx.sms.send({ to: input.phone, text: otpText(code, 'verification') });
  return { method: 'phone', phone: input.phone };
}

function otpText(code: string, what: 'verification' | 'password reset'): string {
  return `Your haat ${what} code is ${code}. It expires in ${OTP_TTL_MS / 60_000} minutes. Do not share it with anyone.`;
}

export async function verifyAccount(db: Db, token: string): Promise<PublicUser> {
  const [found] = await db
    .select({ token: oneTimeTokens, user: users })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.userId))
    .where(and(eq(oneTimeTokens.tokenHash, sha256(token)), eq(oneTimeTokens.purpose, 'verify-email')))
    .limit(1);
  if (!found) throw badRequest('Invalid verification link');
  if (found.user.verifiedAt) throw conflict(ALREADY_VERIFIED);
  if (found.token.expiresAt <= new Date()) throw badRequest('Verification link has expired');
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(oneTimeTokens.id, found.token.id), isNull(oneTimeTokens.usedAt)))
      .returning({ id: oneTimeTokens.id });
    if (!used) throw conflict(ALREADY_VERIFIED);
    const [user] = await tx
      .update(users)
      .set({ verifiedAt: new Date(), isEmailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, found.user.id))
      .returning();
    return toPublicUser(user!);
  });
}

export async function verifyRegisterOtp(ctx: AppContext, input: { phone: string; code: string }): Promise<PublicUser> {
  const phone = normalizePhone(input.phone);
  const user = phone ? await findByIdentifier(ctx.db, { kind: 'phone', value: phone }) : undefined;
  if (!user) throw badRequest(OTP_FAILED);
  if (user.verifiedAt) throw conflict(ALREADY_VERIFIED);
  const otpId = await checkOtp(ctx.db, ctx.config.jwtSecret, user.id, 'register', input.code);
  return ctx.db.transaction(async (tx) => {
    await consumeOtp(tx, otpId);
    const [verified] = await tx
      .update(users)
      .set({ verifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return toPublicUser(verified!);
  });
}

/** A signed-in session: the body's access token and the refresh token for the cookie. */
export type SignedIn = { session: SessionData; refreshToken: string };

async function startSession(ctx: AppContext, user: UserRow): Promise<SignedIn> {
  const { sessionId, refreshToken } = await openSession(ctx.db, user.id);
  const accessToken = await ctx.tokens.sign({ id: user.id, sessionId });
  return { session: { user: toPublicUser(user), accessToken }, refreshToken };
}

export async function signIn(ctx: AppContext, input: LoginInput): Promise<SignedIn> {
  const user = await findByIdentifier(ctx.db, parseIdentifier(input.identifier));
  // Always runs Argon2, so an unknown account cannot be told from a wrong password by the answer or its timing.
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordOk) throw unauthorized(BAD_CREDENTIALS);
  if (!user.verifiedAt) throw forbidden('Please verify your account before signing in');
  return startSession(ctx, user);
}

const GOOGLE_FAILED = 'Google authentication failed';

/**
 * The Google account's user: by Google id, else the account with the same (Google-verified) email, which
 * gets linked, else a new account. An email Google has not verified is not stored: it would let a stranger
 * claim someone else's address.
 */
async function googleUser(db: Db, identity: GoogleIdentity): Promise<UserRow> {
  const [byGoogleId] = await db.select().from(users).where(eq(users.googleId, identity.sub)).limit(1);
  if (byGoogleId) return byGoogleId;
  const email = identity.emailVerified && identity.email ? identity.email.toLowerCase() : null;
  if (email) {
    const [byEmail] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    if (byEmail) {
      if (byEmail.googleId) throw conflict('This email is linked to another Google account');
      const [linked] = await db
        .update(users)
        .set({
          googleId: identity.sub,
          isEmailVerified: true,
          verifiedAt: byEmail.verifiedAt ?? new Date(),
          // A password set on an account nobody had proven could be a squatter's: Google just proved the owner.
          passwordHash: byEmail.verifiedAt ? byEmail.passwordHash : null,
          profileImg: byEmail.profileImg ?? identity.picture,
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, byEmail.id), isNull(users.googleId)))
        .returning();
      if (!linked) throw unauthorized(GOOGLE_FAILED);
      return linked;
    }
  }
  const [created] = await db
    .insert(users)
    .values({
      id: newId(),
      name: identity.name,
      email,
      googleId: identity.sub,
      isEmailVerified: email !== null,
      verifiedAt: new Date(),
      profileImg: identity.picture,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  // A simultaneous first sign-in with the same Google account created it.
  const [raced] = await db.select().from(users).where(eq(users.googleId, identity.sub)).limit(1);
  if (!raced) throw unauthorized(GOOGLE_FAILED);
  return raced;
}

export async function googleSignIn(ctx: AppContext, idToken: string): Promise<SignedIn> {
  let identity: GoogleIdentity;
  try {
    identity = await ctx.google.verify(idToken);
  } catch {
    throw unauthorized(GOOGLE_FAILED);
  }
  return startSession(ctx, await googleUser(ctx.db, identity));
}

/** A new access token for the session and the rotated refresh token. */
export async function refreshSession(ctx: AppContext, presented: string | undefined): Promise<{ accessToken: string; refreshToken: string }> {
  const rotated = await rotateRefreshToken(ctx.db, presented);
  return { accessToken: await ctx.tokens.sign({ id: rotated.userId, sessionId: rotated.sessionId }), refreshToken: rotated.token };
}

export function signOut(db: Db, presented: string | undefined): Promise<void> {
  return endSessionOf(db, presented);
}

/**
 * Sends a reset code when the account exists and has codes left this hour; the caller answers the same either
 * way, so accounts cannot be probed.
 */
export async function forgotPassword(ctx: AppContext, identifier: string): Promise<void> {
  const found = await findVerified(ctx.db, identifier);
  if (!found) return;
  const code = await issueOtp(ctx.db, ctx.config.jwtSecret, found.user.id, 'reset-password');
  if (!code) return;
  const text = otpText(code, 'password reset');
  if (found.id.kind === 'email') await ctx.mailer.send({ to: found.id.value, subject: 'Your haat password reset code', text });
  else await ctx.sms.send({ to: found.id.value, text });
}

export async function verifyResetOtp(ctx: AppContext, input: { identifier: string; code: string }): Promise<ResetOtpResult> {
  const found = await findVerified(ctx.db, input.identifier);
  if (!found) throw badRequest(OTP_FAILED);
  const otpId = await checkOtp(ctx.db, ctx.config.jwtSecret, found.user.id, 'reset-password', input.code);
  const resetToken = await ctx.db.transaction(async (tx) => {
    await consumeOtp(tx, otpId);
    return issueOneTimeToken(tx, found.user.id, 'reset-password', RESET_TOKEN_TTL_MS);
  });
  return { resetToken };
}

export async function resetPassword(db: Db, input: { identifier: string; resetToken: string; password: string }): Promise<void> {
  const found = await findVerified(db, input.identifier);
  if (!found) throw badRequest(RESET_EXPIRED);
  const live = and(
    eq(oneTimeTokens.tokenHash, sha256(input.resetToken)),
    eq(oneTimeTokens.purpose, 'reset-password'),
    eq(oneTimeTokens.userId, found.user.id),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, new Date()),
  );
  const [token] = await db.select({ id: oneTimeTokens.id }).from(oneTimeTokens).where(live).limit(1);
  if (!token) throw badRequest(RESET_EXPIRED);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(oneTimeTokens.id, token.id), isNull(oneTimeTokens.usedAt)))
      .returning({ id: oneTimeTokens.id });
    if (!used) throw badRequest(RESET_EXPIRED);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, found.user.id));
    // Whoever knew the old password may hold a session: end them all.
    await endSessionsOf(tx, found.user.id);
  });
}
