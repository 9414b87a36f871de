import type { FastifyRequest } from 'fastify';
import { HttpProblem } from '@careers/server-kit/problem';
import { normalizeEmail } from '../lib/email';

export function tooManyRequests(retryAfterSeconds: number, detail = 'Too many requests. Please try again later.'): HttpProblem {
  return new HttpProblem(429, detail, { headers: { 'retry-after': String(retryAfterSeconds) } });
}

async function enforce(request: FastifyRequest, key: string, limit: number): Promise<void> {
  const { store, config } = { store: request.server.deps.store, config: request.server.config };
  const hit = await store.hit(key, limit, config.rateLimits.windowSeconds);
  if (!hit.allowed) throw tooManyRequests(hit.retryAfterSeconds);
}

/** Lookups that reveal whether an address has an account (DESIGN §3): per client address and per e-mail. */
export async function limitLookup(request: FastifyRequest, email: string): Promise<void> {
  const limits = request.server.config.rateLimits;
  await enforce(request, `lookup:ip:${request.ip}`, limits.lookupsPerIp);
  await enforce(request, `lookup:email:${normalizeEmail(email)}`, limits.lookupsPerEmail);
}

/** Calls that send e-mail, per client address; per e-mail they are bounded by the send limits. */
export async function limitSending(request: FastifyRequest): Promise<void> {
  await enforce(request, `send:ip:${request.ip}`, request.server.config.rateLimits.sendsPerIp);
}
