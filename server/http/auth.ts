import type { FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../contract/auth';
import { forbidden, unauthorized } from './errors';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** The caller: their account, its current role, and the session their access token belongs to. */
export type AuthUser = { id: string; role: Role; sessionId: string };

/** Who may call a route: any signed-in user, or signed-in users of the listed roles. */
export type Access = 'signed-in' | readonly Role[];

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
  interface FastifyContextConfig {
    /**
     * Sign-in, registration, refresh and sign-out routes exchange credentials of their own: a stale bearer
     * token the browser still sends must not turn them into a 401 (sign-out would then never revoke the session).
     */
    ignoreBearer?: boolean;
    /** Checked before the route's input is validated, so an anonymous caller learns to sign in first. */
    access?: Access;
  }
}

/** What an access token carries: the user and their session. The role is read fresh on every request instead. */
export type AccessClaims = { id: string; sessionId: string };

export type AccessTokens = {
  sign(claims: AccessClaims): Promise<string>;
  verify(token: string): Promise<AccessClaims>;
};

export function accessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims) =>
      new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.id)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),
    verify: async (token) => {
      // A token that never expires is refused even with our signature: every access token we sign carries `exp`.
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'sid'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw new Error('malformed token');
      return { id: payload.sub, sessionId: payload.sid };
    },
  };
}

/** The current role of a live session's user, or null when the session has ended or the user is gone. */
export type SessionRole = (claims: AccessClaims) => Promise<Role | null>;

export const SESSION_EXPIRED = 'Session expired, please sign in again';

/** Requests that carried a bearer token that was not good (expired, forged, or of an ended session). */
const refusedBearer = new WeakSet<FastifyRequest>();

/**
 * Reads the bearer token when there is one and checks its session is still live. A token that is not good leaves the
 * request anonymous: public reads answer as to anyone, and routes that need a user answer 401 so the client refreshes
 * (or signs in again).
 */
export function authenticate(tokens: AccessTokens, sessionRole: SessionRole) {
  return async (request: FastifyRequest) => {
    request.authUser = null;
    if (request.routeOptions.config.ignoreBearer) return;
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const claims = await tokens.verify(header.slice(7).trim()).catch(() => null);
    const role = claims && (await sessionRole(claims));
    if (claims && role) request.authUser = { ...claims, role };
    else refusedBearer.add(request);
  };
}

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized(refusedBearer.has(request) ? SESSION_EXPIRED : undefined);
  return request.authUser;
}

export function requireRole(request: FastifyRequest, ...allowed: Role[]): AuthUser {
  const user = requireUser(request);
  if (!allowed.includes(user.role)) throw forbidden();
  return user;
}

/** Enforces the `access` a route declares: no user answers 401, a user of another role 403. */
export async function checkAccess(request: FastifyRequest): Promise<void> {
  const { access } = request.routeOptions.config;
  if (access === 'signed-in') requireUser(request);
  else if (access) requireRole(request, ...access);
}

export const SIGNED_IN: Access = 'signed-in';
export const ADMIN: Access = ['admin'];
export const SELLER_OR_ADMIN: Access = ['seller', 'admin'];
