import helmet, { type HelmetOptions } from 'helmet';
import { sharedPlugin } from './shared-plugin';

/**
 * helmet's headers, worked out once: with fixed options they are the same for every response, and
 * @fastify/helmet built the whole helmet middleware again on each request (a tenth of the CPU time of
 * GET /job/{id}, docs/decisions/0063).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, recorder as never, () => undefined);
  return headers;
}

/** The headers every answer of a service carries, the refusals Node and Fastify make themselves included. */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = helmetHeaders({
  // APIs answer JSON and files; nothing they serve may run script or be framed by others.
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  // The portal (another origin) loads logos and frames CV previews from the candidate service.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
});

/** Sets the security headers first thing, so that whatever answers the request later sends them. */
export const securityHeaders = sharedPlugin('security-headers', async (app) => {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(API_SECURITY_HEADERS);
    done();
  });
});
