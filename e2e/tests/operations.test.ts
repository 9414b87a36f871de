/**
 * What operators and crawlers rely on (design.md §6, STACK.md): readiness, the OpenAPI documents, and the
 * portal's robots.txt and run-time config, checked on the running stack.
 */
import { describe, expect, inject, it } from 'vitest';

const { portalUrl, identityUrl, candidateUrl } = inject('stack');

describe.each([
  { service: 'identity', url: identityUrl },
  { service: 'candidate', url: candidateUrl },
])('$service service', ({ url }) => {
  it('/readyz answers ready', async () => {
    const res = await fetch(`${url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready' });
  });

  it('/openapi.json is an OpenAPI 3 document with paths', async () => {
    const res = await fetch(`${url}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi?: unknown;
      info?: { title?: unknown };
      paths?: Record<string, unknown>;
    };
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(typeof doc.info?.title).toBe('string');
    expect(Object.keys(doc.paths ?? {}).length).toBeGreaterThan(0);
  });
});

describe('portal server', () => {
  it('serves robots.txt as text', async () => {
    const res = await fetch(`${portalUrl}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toMatch(/^User-agent: \*$/m);
  });

  it('serves /config.js with the services’ addresses of this stack', async () => {
    const res = await fetch(`${portalUrl}/config.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    const script = await res.text();
    expect(script).toContain(JSON.stringify(identityUrl).slice(1, -1));
    expect(script).toContain(JSON.stringify(candidateUrl).slice(1, -1));
  });
});
