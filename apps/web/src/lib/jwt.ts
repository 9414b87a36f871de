/** Reads an access token's payload without verifying it: the browser only needs its exp claim (product.md §3). */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The token's expiry in epoch milliseconds (exp is in seconds), or null when it cannot be read. */
export function readTokenExpiry(token: string): number | null {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/** product.md §4: a refresh is due once the access token's expiry has passed; an unreadable expiry counts as passed. */
export function isRefreshDue(token: string, now: number = Date.now()): boolean {
  const expiry = readTokenExpiry(token);
  return expiry === null || expiry <= now;
}
