import type { FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../contract/auth';
import { forbidden, unauthorized } from './errors';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export type AuthUser = { id: string; role: Role };

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

export type AccessTokens = {
  sign(user: AuthUser): Promise<string>;
  verify(token: string): Promise<AuthUser>;
};

export function accessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (user) =>
      new SignJWT({ role: user.role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),
    verify: async (token) => {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') throw new Error('malformed token');
      return { id: payload.sub, role: payload.role as Role };
    },
  };
}

/** Reads the bearer token when there is one; a bad or expired token answers 401 so the client refreshes. */
export function authenticate(tokens: AccessTokens) {
  return async (request: FastifyRequest) => {
    request.authUser = null;
    if (request.routeOptions.config.ignoreBearer) return;
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    try {
      request.authUser = await tokens.verify(header.slice(7).trim());
    } catch {
      throw unauthorized('Session expired, please sign in again');
    }
  };
}

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
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
