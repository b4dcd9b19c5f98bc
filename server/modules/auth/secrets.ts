import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { OTP_LENGTH } from '../../../contract/auth';

/**
 * OWASP's recommended Argon2id cost (19 MiB, 2 passes, 1 lane). The algorithm is left at the library's
 * default, Argon2id: its `Algorithm` const enum cannot be referenced under `isolatedModules`.
 */
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Verified against when an account has no password, so "no such account" takes as long as "wrong password". */
const dummyHash = hashPassword(randomBytes(16).toString('hex'));

export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** An unguessable token for links, reset sessions and refresh cookies: 32 random bytes. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their SHA-256: they carry 256 bits of entropy, so a fast hash is enough and a leaked table is useless. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * An emailed link's token, derived from the registration token the registering browser holds: the browser can ask for
 * the link again, but cannot work out the link, which proves the inbox.
 */
export function linkTokenOf(secret: string, registration: string): string {
  return createHmac('sha256', secret).update(`verify-link:${registration}`).digest('base64url');
}

/** How long a 4-digit code works. */
export const OTP_TTL_MS = 5 * 60 * 1000;

export function newOtpCode(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/**
 * A 4-digit code has only 10,000 values, so a plain hash would be reversed instantly: it is keyed with the
 * server secret and salted with the row id, so a leaked table alone reveals nothing.
 */
export function hashOtp(secret: string, otpId: string, code: string): string {
  return createHmac('sha256', secret).update(`${otpId}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
