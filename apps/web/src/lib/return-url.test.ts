import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnUrl } from './return-url';

describe('loginPathFor', () => {
  it('keeps the full target path with its query string, URL-encoded', () => {
    expect(loginPathFor({ pathname: '/applications', search: '?page=2&sort=new' })).toBe(
      '/account/login?returnUrl=%2Fapplications%3Fpage%3D2%26sort%3Dnew',
    );
    expect(loginPathFor({ pathname: '/cvs', search: '' })).toBe('/account/login?returnUrl=%2Fcvs');
  });

  it('round-trips through URLSearchParams', () => {
    const target = '/profile?tab=contact info&x=ä';
    const login = loginPathFor({ pathname: '/profile', search: '?tab=contact info&x=ä' });
    expect(new URL(login, 'http://x').searchParams.get('returnUrl')).toBe(target);
  });
});

describe('safeReturnUrl', () => {
  it.each(['/applications', '/cvs?page=2', '/apply/123?utm_source=x#top', '/'])('accepts %s', (value) => {
    expect(safeReturnUrl(value)).toBe(value);
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    'http:/evil.example',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'applications',
    '/%0a/evil',
    '/\t/evil.example',
    '/account/login',
    '/account/signup?x=1',
  ])('rejects %s', (value) => {
    const result = safeReturnUrl(value);
    if (value === '/%0a/evil') {
      // Encoded characters stay encoded and the path stays on this origin.
      expect(result).toBe('/%0a/evil');
    } else {
      expect(result).toBeNull();
    }
  });
});
