import type { RuntimeConfig } from '../src/config/runtime-config-schema';

const originOf = (url: string) => new URL(url).origin;

/**
 * The portal's Content-Security-Policy: scripts only from itself, calls only to the two services, images
 * (business logos) from the blob store, and frames/objects from the blob store and the candidate service
 * for the CV preview. Inline styles stay allowed because the toast library injects its stylesheet.
 */
export function contentSecurityPolicy(runtime: RuntimeConfig, scriptHashes: readonly string[] = []): string {
  const identity = originOf(runtime.identityBaseUrl);
  const candidate = originOf(runtime.candidateBaseUrl);
  const blob = originOf(runtime.blobBaseUrl);
  const unique = (...values: string[]) => [...new Set(values)].join(' ');
  return [
    "default-src 'self'",
    // A server-rendered page's one inline script (its loader, docs/decisions/0216) is named by its hash.
    ['script-src', "'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    `img-src ${unique("'self'", 'data:', 'blob:', blob)}`,
    "font-src 'self'",
    `connect-src ${unique("'self'", identity, candidate)}`,
    `frame-src ${unique("'self'", 'blob:', blob, candidate)}`,
    `object-src ${unique('blob:', blob, candidate)}`,
    "worker-src 'self' blob:",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(runtime: RuntimeConfig): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(runtime),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    // Browsers honour it only over HTTPS (TLS ends at the load balancer, deploy/); over plain HTTP it is ignored.
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    // The legacy XSS auditor is off, as the services send it (OWASP's advice; the CSP is the defence).
    'x-xss-protection': '0',
  };
}
