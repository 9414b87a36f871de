import fastifyCors from '@fastify/cors';
import { sharedPlugin } from './shared-plugin';

export const CORS_EXPOSED_HEADERS = [
  'Content-Disposition',
  'Content-Length',
  'Content-Range',
  'X-Request-Id',
  'Retry-After',
];

/** How long a browser may reuse a preflight's answer (Chromium caps it at 7200 s). */
export const CORS_PREFLIGHT_MAX_AGE_SECONDS = 7200;

export interface CorsOptions {
  /** Origins allowed to call with credentials (the portal). */
  origins: ReadonlySet<string>;
}

/** Credentials from the listed origins only; a request without Origin (not a browser's) goes through. */
export const cors = sharedPlugin<CorsOptions>('cors', async (app, { origins }) => {
  await app.register(fastifyCors, {
    origin: (origin, cb) => cb(null, origin === undefined || origins.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization', 'X-Request-Id', 'X-XSRF-TOKEN', 'Range'],
    exposedHeaders: CORS_EXPOSED_HEADERS,
    // Every authorised GET of the portal is preflighted, once per address; a browser keeps the answer this long
    // (Chromium at most 2 h): a candidate back within the hours opens the dashboard without a preflight (0466).
    maxAge: CORS_PREFLIGHT_MAX_AGE_SECONDS,
  });
});
