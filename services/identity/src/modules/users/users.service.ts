import type { UserProfile } from '@careers/contracts/identity';
import type { UserRecord } from './users.repository';

export function toProfile(user: UserRecord): UserProfile {
  return { id: user.id, name: user.name, email: user.email, phone: user.phone, roles: user.roles, notFound: false };
}

export const ACCOUNT_GONE = 'The account no longer exists.';

export const NOT_FOUND_PROFILE: UserProfile = {
  id: null,
  name: null,
  email: null,
  phone: null,
  roles: [],
  notFound: true,
};
