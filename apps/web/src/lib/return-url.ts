import { paths } from './paths';

/** The login address for a guarded page: the full target path, query included, kept as returnUrl. */
export function loginPathFor(target: { pathname: string; search?: string; hash?: string }): string {
  const full = `${target.pathname}${target.search ?? ''}${target.hash ?? ''}`;
  return `${paths.login}?returnUrl=${encodeURIComponent(full)}`;
}

const SAFE_BASE = 'https://portal.invalid';

/**
 * A returnUrl may only lead to a page of this portal: a relative path starting with a single '/'.
 * Absolute URLs, protocol-relative '//host', backslash tricks and control characters are refused (open
 * redirect), and so are the account pages themselves.
 */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers read '\' as '/', so '/\evil.com' would be protocol-relative.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, SAFE_BASE);
  } catch {
    return null;
  }
  if (url.origin !== SAFE_BASE) return null;
  if (url.pathname === paths.account || url.pathname.startsWith(`${paths.account}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
