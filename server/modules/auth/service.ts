import { and, desc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import { apiMessage } from '../../../contract/api-messages';
import {
  REGISTRATION_EXPIRED,
  type LoginInput,
  type PublicUser,
  type RegisterInput,
  type RegisterResult,
  type ResendRegistrationInput,
  type ForgotPasswordResult,
  type ResetOtpResult,
  type SessionData,
} from '../../../contract/auth';
import type { Locale } from '../../../contract/locale';
import { BD_PHONE_PATTERN, normalizeBdPhone } from '../../../contract/phone';
import type { GoogleIdentity } from '../../adapters/google';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { confirmations, oneTimeTokens, users } from '../../db/schema';
import { badRequest, conflict, forbidden, HttpError, unauthorized } from '../../http/errors';
import { toPublicUser, type UserRow } from '../users/public';
import { checkCode, consumeConfirmation, findByToken, LINK_TTL_MS, OTP_FAILED, OTP_TTL_MS, sendConfirmation, type Confirmation } from './confirmations';
import { isKnownDevice, rememberDevice } from './devices';
import { alreadyRegisteredMessage, codeMessage, verifyEmailMessage } from './messages';
import { hashPassword, linkTokenOf, randomToken, sha256, verifyPassword } from './secrets';
import { removeSubscription } from '../push/service';
import { endSessionOf, endSessionsOf, openSession, rotateRefreshToken } from './sessions';

const RESET_TOKEN_TTL_MS = 10 * 60 * 1000;

const BAD_CREDENTIALS = 'Invalid email/phone or password';
const RESET_EXPIRED = 'Reset session expired. Please request a new OTP.';
const ALREADY_VERIFIED = 'Account already verified';
export const SIGNUP_PASSWORD_WRONG = 'This is not the password chosen when signing up with this link';

type Identifier = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

/** A Bangladeshi mobile number in its 11-digit form, accepting spaces, dashes and the +88 / 88 country prefix. */

/** Sign-in identifiers are an email (compared lowercased) or a phone number. */
function parseIdentifier(raw: string): Identifier | null {
  const value = raw.trim();
  if (value.includes('@')) return { kind: 'email', value: value.toLowerCase() };
  const phone = normalizeBdPhone(value);
  return BD_PHONE_PATTERN.test(phone) ? { kind: 'phone', value: phone } : null;
}

async function findByIdentifier(db: Db, id: Identifier | null): Promise<UserRow | undefined> {
  if (!id) return undefined;
  const column = id.kind === 'email' ? users.email : users.phone;
  const [user] = await db.select().from(users).where(eq(column, id.value)).limit(1);
  return user;
}

/** The newest registration of an address still waiting for its link or code. */
async function pendingRegistration(db: Db, id: Identifier | null): Promise<Confirmation | undefined> {
  if (!id) return undefined;
  const [row] = await db
    .select()
    .from(confirmations)
    .where(
      and(
        eq(confirmations.address, id.value),
        eq(confirmations.purpose, 'register'),
        isNull(confirmations.consumedAt),
        gt(confirmations.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(confirmations.createdAt))
    .limit(1);
  return row;
}

const takenMessage = (kind: Identifier['kind']) => apiMessage(kind === 'email' ? 'emailTaken' : 'phoneTaken');

/**
 * A registration is a confirmation, not an account: it holds the name and password until the link or code comes back,
 * and reserves nothing. Each registration keeps its own password, so registering an address again (the owner who
 * lost the message, or a stranger) never changes what an earlier link or code completes. The link or code is sent in
 * `locale`, the language the shopper signs up in. An address that already has an account is answered as a new one,
 * under the same limits, and its owner is told instead: the answer never tells who has an account.
 */
export async function register(ctx: AppContext, input: RegisterInput, requester: string, locale: Locale): Promise<RegisterResult> {
  const passwordHash = await hashPassword(input.password);
  const id: Identifier = input.method === 'email' ? { kind: 'email', value: input.email } : { kind: 'phone', value: input.phone };
  return sendRegistration(ctx, id, { name: input.name, passwordHash }, requester, locale, undefined);
}

/**
 * Sends a registration's link or code again, for the registration whose token the browser presents, under the rule
 * every send follows (`sendConfirmation`). A new code replaces the earlier one, as a fresh reset code does; an earlier
 * link keeps working, since the shopper may open either mail, and each completes the same registration. An address
 * that has become an account by other means meanwhile (Google, another registration) is told so by message, as
 * registering would.
 */
export async function resendRegistration(ctx: AppContext, input: ResendRegistrationInput, requester: string, locale: Locale): Promise<RegisterResult> {
  const id: Identifier = input.method === 'email' ? { kind: 'email', value: input.email } : { kind: 'phone', value: input.phone };
  const tokenHash = sha256(id.kind === 'email' ? linkTokenOf(ctx.config.jwtSecret, input.registration) : input.registration);
  // An expired code or a code tried too often is what a resend is for: only a used or day-old registration is gone.
  const [registration] = await ctx.db
    .select()
    .from(confirmations)
    .where(
      and(
        eq(confirmations.tokenHash, tokenHash),
        eq(confirmations.purpose, 'register'),
        eq(confirmations.address, id.value),
        gt(confirmations.createdAt, new Date(Date.now() - LINK_TTL_MS)),
      ),
    )
    .limit(1);
  if (!registration) throw badRequest(REGISTRATION_EXPIRED);
  // Only the browser holding this registration's token learns that its own sign-up was completed (in another tab).
  if (registration.consumedAt) throw conflict(ALREADY_VERIFIED);
  const replaces = id.kind === 'phone' ? eq(confirmations.id, registration.id) : undefined;
  return sendRegistration(ctx, id, { name: registration.name ?? '', passwordHash: registration.passwordHash }, requester, locale, replaces);
}

/**
 * Opens a registration and sends its proof. The browser gets the registration's token; for an email, the link's token
 * is derived from it (`linkTokenOf`), so the browser never holds the link.
 */
async function sendRegistration(
  ctx: AppContext,
  id: Identifier,
  held: { name: string; passwordHash: string | null },
  requester: string,
  locale: Locale,
  replaces: SQL | undefined,
): Promise<RegisterResult> {
  const registration = randomToken();
  const isEmail = id.kind === 'email';
  const owner = await findByIdentifier(ctx.db, id);
  const opened = await sendConfirmation(
    ctx,
    {
      purpose: 'register',
      address: id.value,
      requester,
      ...held,
      ttlMs: isEmail ? LINK_TTL_MS : OTP_TTL_MS,
      withCode: !isEmail,
      token: isEmail ? linkTokenOf(ctx.config.jwtSecret, registration) : registration,
    },
    replaces,
  );
  if (owner) ctx.courier.send(id.value, alreadyRegisteredMessage(ctx.config.publicUrl, owner.locale));
  else if (isEmail) ctx.courier.send(id.value, verifyEmailMessage(held.name, `${ctx.config.publicUrl}/verify/${opened.token}`, locale));
  else ctx.courier.send(id.value, codeMessage(opened.code, 'verification', locale));
  return isEmail ? { method: 'email', email: id.value, registration } : { method: 'phone', phone: id.value, registration };
}

/** Turns a confirmed registration into the account, with the registration's own name and password. */
function createAccount(db: Db, registration: Confirmation, contact: { email: string } | { phone: string }, locale: Locale): Promise<PublicUser> {
  return db.transaction(async (tx) => {
    if (!(await consumeConfirmation(tx, registration.id))) throw conflict(ALREADY_VERIFIED);
    const [user] = await tx
      .insert(users)
      .values({
        id: newId(),
        name: registration.name ?? '',
        passwordHash: registration.passwordHash,
        locale,
        ...contact,
      })
      .onConflictDoNothing()
      .returning();
    // The address became someone's account (Google, another registration, an email change) since this one was made.
    if (!user) throw conflict(takenMessage('email' in contact ? 'email' : 'phone'));
    return toPublicUser(user);
  });
}

/**
 * Completes an email registration: the link proves the inbox, the password proves whoever opens it made this
 * registration. A stranger who registered someone else's address gets nothing from the owner opening the link.
 */
export async function verifyAccount(db: Db, input: { token: string; password: string }, locale: Locale): Promise<PublicUser> {
  const found = await findByToken(db, 'register', input.token);
  if (!found || found.codeHash) throw badRequest('Invalid verification link');
  if (found.consumedAt) throw conflict(ALREADY_VERIFIED);
  if (found.expiresAt <= new Date()) throw badRequest('Verification link has expired');
  if (!(await verifyPassword(found.passwordHash, input.password))) throw forbidden(SIGNUP_PASSWORD_WRONG);
  return createAccount(db, found, { email: found.address }, locale);
}

/** Completes a phone registration: the code sent to the number, with the token its registration answered. */
export async function verifyRegisterOtp(ctx: AppContext, input: { phone: string; code: string; registration: string }, locale: Locale): Promise<PublicUser> {
  const phone = normalizeBdPhone(input.phone);
  if (!BD_PHONE_PATTERN.test(phone)) throw badRequest(OTP_FAILED);
  const registration = and(eq(confirmations.tokenHash, sha256(input.registration)), eq(confirmations.purpose, 'register'), eq(confirmations.address, phone));
  return createAccount(ctx.db, await checkCode(ctx, registration, input.code, locale), { phone }, locale);
}

/**
 * A signed-in session: the body's access token, the refresh token for the cookie, and the device's token for its
 * known-device cookie.
 */
export type SignedIn = { session: SessionData; refreshToken: string; deviceToken: string };

/** What a sign-in brings besides its credentials: the language it is made in and the device's known-device cookie. */
export type SignInDevice = { locale: Locale; deviceToken: string | undefined };

async function startSession(ctx: AppContext, user: UserRow, device: SignInDevice): Promise<SignedIn> {
  const { sessionId, refreshToken } = await openSession(ctx.db, user.id);
  const accessToken = await ctx.tokens.sign({ id: user.id, sessionId });
  const deviceToken = await rememberDevice(ctx.db, user.id, device.deviceToken);
  // The language the shop writes to the owner in when no request of theirs says (a warning about someone else's guesses).
  if (user.locale !== device.locale) await ctx.db.update(users).set({ locale: device.locale }).where(eq(users.id, user.id));
  return { session: { user: toPublicUser(user), accessToken }, refreshToken, deviceToken };
}

const HOUR_MS = 60 * 60 * 1000;
/**
 * Wrong passwords one account may be sent in an hour from every client address together. Past it, only a device that
 * has signed in to the account before may try its password for the rest of the hour: a stranger cannot keep guessing
 * from rotating addresses, and cannot lock the owner out of their own devices (nor out of a password reset).
 */
export const WRONG_PASSWORDS_PER_ACCOUNT_PER_HOUR = 20;

export async function signIn(ctx: AppContext, input: LoginInput, device: SignInDevice): Promise<SignedIn> {
  const id = parseIdentifier(input.identifier);
  const [user, pending] = await Promise.all([findByIdentifier(ctx.db, id), pendingRegistration(ctx.db, id)]);
  // Counted per identifier, whether or not it has an account, and before the check, so parallel guesses stay within it.
  const budget = `wrong-passwords:${id?.value ?? input.identifier.trim().toLowerCase()}`;
  const [spent, known] = await Promise.all([
    ctx.tallies.add(budget, 1, HOUR_MS),
    device.deviceToken ? isKnownDevice(ctx.db, user?.id ?? '', device.deviceToken) : false,
  ]);
  if (spent > WRONG_PASSWORDS_PER_ACCOUNT_PER_HOUR && !known) throw new HttpError(429, apiMessage('tooManyWrongPasswords'), undefined, 60 * 60);
  // Always runs Argon2 once, so an unknown account cannot be told from a wrong password by the answer or its timing.
  const passwordOk = await verifyPassword(user ? user.passwordHash : pending?.passwordHash, input.password);
  if (!passwordOk) throw unauthorized(BAD_CREDENTIALS);
  await ctx.tallies.add(budget, -1, HOUR_MS);
  if (!user) throw forbidden('Please verify your account before signing in');
  return startSession(ctx, user, device);
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
        .set({ googleId: identity.sub, profileImg: byEmail.profileImg ?? identity.picture, updatedAt: new Date() })
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

export async function googleSignIn(ctx: AppContext, idToken: string, device: SignInDevice): Promise<SignedIn> {
  let identity: GoogleIdentity;
  try {
    identity = await ctx.google.verify(idToken);
  } catch {
    throw unauthorized(GOOGLE_FAILED);
  }
  return startSession(ctx, await googleUser(ctx.db, identity), device);
}

/** A new access token for the session and the rotated refresh token. */
export async function refreshSession(ctx: AppContext, presented: string | undefined): Promise<{ accessToken: string; refreshToken: string }> {
  const rotated = await rotateRefreshToken(ctx.db, presented);
  return { accessToken: await ctx.tokens.sign({ id: rotated.userId, sessionId: rotated.sessionId }), refreshToken: rotated.token };
}

/**
 * Ends the refresh token's session. The device's push endpoint, when sent, is removed if it belongs to that session's
 * user: the next person on the phone does not see this account's orders.
 */
export async function signOut(db: Db, presented: string | undefined, pushEndpoint: string | undefined): Promise<void> {
  const userId = await endSessionOf(db, presented);
  if (userId && pushEndpoint) await removeSubscription(db, userId, pushEndpoint);
}

/**
 * Sends a reset code when the account exists, and answers the token that goes back with the code. The same work is
 * done, and the same answer given, when no account exists, so accounts cannot be probed. Each code belongs to the
 * request that asked for it: a stranger's requests neither replace nor use up the owner's code, and a fresh request
 * from the same client replaces that client's earlier code instead of being refused. The code is sent in `locale`.
 */
export async function forgotPassword(
  ctx: AppContext,
  identifier: string,
  requester: string,
  locale: Locale,
  deviceToken: string | undefined,
): Promise<ForgotPasswordResult> {
  const id = parseIdentifier(identifier);
  const address = id?.value ?? identifier.trim().toLowerCase();
  const user = await findByIdentifier(ctx.db, id);
  // The owner's own device gets its code when strangers have used up what the address may receive in the hour.
  const ownersDevice = deviceToken ? await isKnownDevice(ctx.db, user?.id ?? '', deviceToken) : false;
  const opened = await sendConfirmation(
    ctx,
    { purpose: 'reset-password', address, userId: user?.id ?? null, requester, ttlMs: OTP_TTL_MS, withCode: true },
    resetRequestsOf(requester, address),
    ownersDevice,
  );
  if (id && user) ctx.courier.send(id.value, codeMessage(opened.code, 'password reset', locale));
  return { resetRequest: opened.token };
}

const resetRequestsOf = (requester: string, address: string) =>
  and(eq(confirmations.requester, requester), eq(confirmations.address, address), eq(confirmations.purpose, 'reset-password'));

async function issueResetToken(tx: Tx, userId: string): Promise<string> {
  const token = randomToken();
  await tx.delete(oneTimeTokens).where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, 'reset-password'), isNull(oneTimeTokens.usedAt)));
  await tx.insert(oneTimeTokens).values({
    id: newId(),
    userId,
    purpose: 'reset-password',
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  return token;
}

export async function verifyResetOtp(
  ctx: AppContext,
  input: { identifier: string; code: string; resetRequest: string },
  locale: Locale,
): Promise<ResetOtpResult> {
  const address = parseIdentifier(input.identifier)?.value ?? input.identifier.trim().toLowerCase();
  const request = and(eq(confirmations.tokenHash, sha256(input.resetRequest)), eq(confirmations.purpose, 'reset-password'), eq(confirmations.address, address));
  const confirmed = await checkCode(ctx, request, input.code, locale);
  // A request for an address with no account has a code nobody was sent; guessing it still opens nothing.
  const userId = confirmed.userId;
  if (!userId) throw badRequest(OTP_FAILED);
  const resetToken = await ctx.db.transaction(async (tx) => {
    if (!(await consumeConfirmation(tx, confirmed.id))) throw badRequest(OTP_FAILED);
    return issueResetToken(tx, userId);
  });
  return { resetToken };
}

export async function resetPassword(db: Db, input: { identifier: string; resetToken: string; password: string }): Promise<void> {
  const user = await findByIdentifier(db, parseIdentifier(input.identifier));
  if (!user) throw badRequest(RESET_EXPIRED);
  const live = and(
    eq(oneTimeTokens.tokenHash, sha256(input.resetToken)),
    eq(oneTimeTokens.purpose, 'reset-password'),
    eq(oneTimeTokens.userId, user.id),
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
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    // Whoever knew the old password may hold a session: end them all.
    await endSessionsOf(tx, user.id);
  });
}
