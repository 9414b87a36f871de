import fastifyCors from '@fastify/cors';
import { sharedPlugin } from './shared-plugin';

export const CORS_EXPOSED_HEADERS = [
  'Content-Disposition',
  'Content-Length',
  'Content-Range',
  'X-Request-Id',
  'Retry-After',
];

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
    maxAge: 600,
  });
});
