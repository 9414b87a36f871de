/** An unsigned JWT-shaped token for tests: the browser never verifies signatures. */
export function makeJwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'ES256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

/** A token that expires the given number of seconds from now (negative: already expired). */
export function tokenExpiringIn(seconds: number, extra: Record<string, unknown> = {}): string {
  return makeJwt({ sub: 'user-1', exp: Math.floor(Date.now() / 1000) + seconds, ...extra });
}
