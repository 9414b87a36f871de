import type { AuthResponse } from '@careers/contracts/identity';
import { decodeJwtPayload } from './jwt';

/**
 * The roles the signed-in user's access token carries. Read only to choose which side of the portal to
 * show: the services check the signed token themselves (docs/decisions/0150).
 */
export function rolesOf(auth: AuthResponse): string[] {
  const roles = auth.accessToken ? decodeJwtPayload(auth.accessToken)?.roles : undefined;
  return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
}

/** A business user: the employer console is theirs, the candidate pages are not. */
export function isEmployer(auth: AuthResponse): boolean {
  return rolesOf(auth).includes('BusinessUser');
}
