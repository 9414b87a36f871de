import { decodeJwtPayload } from './jwt';

/**
 * True only when the access token says its address was never proved (the identity service's
 * email_verified claim is false); true or absent counts as proved, as the candidate service reads it
 * (decision 0166). A module of its own: only the signed-in pages' later chunks use it (js-budget).
 */
export function isAddressUnproved(token: string | null | undefined): boolean {
  return Boolean(token) && decodeJwtPayload(token as string)?.email_verified === false;
}
