import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { Role } from '@contract/auth';
import { session } from './session';

/** Only same-site paths are followed after sign-in, never another origin. */
export function safeRedirect(target: unknown): string | undefined {
  return typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') ? target : undefined;
}

/** Private route: without a token, go to /login and remember where the user was going. */
export function requireAuth({ location }: { location: ParsedLocation }) {
  const { token, user } = session.get();
  if (!token || !user) {
    throw redirect({ to: '/login', search: { redirect: location.href } });
  }
  return user;
}

/** Single-role guard: a signed-in user with another role goes to /unauthorized. */
export function requireRole(role: Role) {
  return (ctx: { location: ParsedLocation }) => {
    const user = requireAuth(ctx);
    if (user.role !== role) throw redirect({ to: '/unauthorized' });
  };
}

/** Role-list guard: a signed-in user whose role is not listed goes home. */
export function requireAnyRole(roles: readonly Role[]) {
  return (ctx: { location: ParsedLocation }) => {
    const user = requireAuth(ctx);
    if (!roles.includes(user.role)) throw redirect({ to: '/' });
  };
}

/**
 * The back office's areas, each for its own role, under a path of its own (`/admin…`, `/seller…`) that the route
 * table does not list: the page for unlisted paths opens them (src/app/unlisted-path.tsx) with requireRole's guard.
 */
export type BackOfficeArea = Extract<Role, 'admin' | 'seller'>;

/** The area a path opens (`/admin`, `/admin/orders/…`, `/seller`), or null for any other path. */
export function backOfficeAreaOf(pathname: string): BackOfficeArea | null {
  return (/^\/(admin|seller)(?:\/|$)/.exec(pathname)?.[1] as BackOfficeArea | undefined) ?? null;
}

/** Public-only route (/login, /register): a signed-in user goes home. */
export function publicOnly() {
  if (session.get().token) throw redirect({ to: '/' });
}
