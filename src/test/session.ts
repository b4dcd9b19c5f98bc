import type { PublicUser, Role } from '@contract/auth';
import { session } from '@/lib/session';

/** A signed-in session with the given role. */
export function signInAs(role: Role): PublicUser {
  const user: PublicUser = {
    _id: `id-${role}`,
    name: `Test ${role}`,
    email: `${role}@example.com`,
    role,
    isEmailVerified: true,
    profileImg: null,
    phone: null,
    address: null,
    googleId: null,
  };
  session.setUser(user, `token-${role}`);
  return user;
}
