import type { PublicUser } from '../../../contract/auth';
import type { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The user as the API shows it: never the password hash or internal timestamps. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    // An account's email is always one its owner proved (a link, Google, or a confirmed change).
    isEmailVerified: row.email !== null,
    profileImg: row.profileImg,
    phone: row.phone,
    address: row.address,
    googleId: row.googleId,
  };
}
