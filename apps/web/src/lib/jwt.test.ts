import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, isRefreshDue, readTokenExpiry } from './jwt';
import { makeJwt } from '../testing/make-jwt';

describe('access token expiry', () => {
  it('reads exp (seconds) as milliseconds', () => {
    expect(readTokenExpiry(makeJwt({ exp: 1_900_000_000 }))).toBe(1_900_000_000_000);
  });

  it('decodes base64url payloads with non-ASCII text', () => {
    const token = makeJwt({ exp: 10, name: 'Zoë Ünal ~~??>>' });
    expect(decodeJwtPayload(token)).toMatchObject({ name: 'Zoë Ünal ~~??>>' });
  });

  it('returns null for broken tokens or a missing exp', () => {
    expect(readTokenExpiry('not-a-token')).toBeNull();
    expect(readTokenExpiry('a.%%%.c')).toBeNull();
    expect(readTokenExpiry(makeJwt({ sub: 'x' }))).toBeNull();
  });

  it('is due exactly when the expiry has passed', () => {
    const token = makeJwt({ exp: 1000 });
    expect(isRefreshDue(token, 999_999)).toBe(false);
    expect(isRefreshDue(token, 1_000_000)).toBe(true);
    expect(isRefreshDue('garbage', 0)).toBe(true);
  });
});
