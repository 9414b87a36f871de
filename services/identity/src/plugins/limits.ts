import type { FastifyRequest } from 'fastify';
import { HttpProblem } from '@careers/server-kit/problem';
import { productMetrics } from '@careers/server-kit/metrics';
import { clientKey } from '@careers/server-kit/rate-limit';
import { normalizeEmail } from '../lib/email';

export function tooManyRequests(
  retryAfterSeconds: number,
  detail = 'Too many requests. Please try again later.',
): HttpProblem {
  return new HttpProblem(429, detail, { headers: { 'retry-after': String(retryAfterSeconds) } });
}

/**
 * Who a per-client limit counts: the client address (the one the trusted proxies name), an IPv6 client by
 * its IPV6_CLIENT_PREFIX (a /64 by default), so that the addresses of one subscriber count together.
 */
export function clientOf(request: FastifyRequest): string {
  return clientKey(request.ip, request.server.config.ipv6ClientPrefix);
}

async function enforce(request: FastifyRequest, key: string, limit: number): Promise<void> {
  const { store, config } = { store: request.server.deps.store, config: request.server.config };
  const hit = await store.hit(key, limit, config.rateLimits.windowSeconds);
  if (!hit.allowed) throw tooManyRequests(hit.retryAfterSeconds);
}

/** Lookups that reveal whether an address has an account (design.md §3): per client address and per e-mail. */
export async function limitLookup(request: FastifyRequest, email: string): Promise<void> {
  const limits = request.server.config.rateLimits;
  await enforce(request, `lookup:ip:${clientOf(request)}`, limits.lookupsPerIp);
  await enforce(request, `lookup:email:${normalizeEmail(email)}`, limits.lookupsPerEmail);
}

/** Calls that send e-mail, per client address; per e-mail they are bounded by the send limits. */
export async function limitSending(request: FastifyRequest): Promise<void> {
  await enforce(request, `send:ip:${clientOf(request)}`, request.server.config.rateLimits.sendsPerIp);
}

// Wrong sign-in codes (docs/decisions/0016, 0240): counted per address across codes, so a new code resets
// nothing, and per (address, client), so that the limit that stops a flood does not stop the owner. These
// slow guessing down; what bounds it per account, however many clients guess, is that a code dies after
// SIGN_IN_CODE_WRONG_TRIES and an account gets SIGN_IN_CODES_PER_DAY codes (codes module).
export const WRONG_CODES_PER_CLIENT = 5;
export const WRONG_CODES_PER_ADDRESS = 20;
const WRONG_CODE_WINDOW_SECONDS = 3600;
export const TOO_MANY_WRONG_CODES = 'Too many wrong codes. Please wait before trying again.';

function codeKeys(request: FastifyRequest, email: string) {
  const e = normalizeEmail(email);
  return {
    client: `code:wrong:${e}:${clientOf(request)}`,
    address: `code:wrong:${e}`,
    clientBlock: `code:block:${e}:${clientOf(request)}`,
    addressBlock: `code:block:${e}`,
  };
}

/**
 * 429 for a client that has used up its wrong codes for this address, and, once the address as a whole
 * has had too many, for every client that already guessed wrong; a client with no wrong try (the owner,
 * typing the code from their mailbox) still gets its try.
 */
export async function guardCodeTries(request: FastifyRequest, email: string): Promise<void> {
  const store = request.server.deps.store;
  const k = codeKeys(request, email);
  const mine = await store.markedFor(k.clientBlock);
  if (mine > 0) throw tooManyRequests(mine, TOO_MANY_WRONG_CODES);
  const everyone = await store.markedFor(k.addressBlock);
  if (everyone > 0 && (await store.peek(k.client)) > 0) throw tooManyRequests(everyone, TOO_MANY_WRONG_CODES);
}

export async function recordWrongCode(request: FastifyRequest, email: string): Promise<void> {
  const store = request.server.deps.store;
  const k = codeKeys(request, email);
  const mine = await store.hit(k.client, Number.MAX_SAFE_INTEGER, WRONG_CODE_WINDOW_SECONDS);
  if (mine.count >= WRONG_CODES_PER_CLIENT) await store.markOnce(k.clientBlock, mine.retryAfterSeconds);
  const all = await store.hit(k.address, Number.MAX_SAFE_INTEGER, WRONG_CODE_WINDOW_SECONDS);
  if (all.count >= WRONG_CODES_PER_ADDRESS) await store.markOnce(k.addressBlock, all.retryAfterSeconds);
}

/** Sign-in codes one client may have sent to one address an hour: one client cannot spend the address's sends. */
export async function limitCodeSendsPerClient(request: FastifyRequest, email: string): Promise<void> {
  const limit = request.server.config.rateLimits.codeSendsPerClient;
  const hit = await request.server.deps.store.hit(
    `send:code:${normalizeEmail(email)}:${clientOf(request)}`,
    limit,
    3600,
  );
  if (!hit.allowed) {
    productMetrics.codesRefused().inc({ purpose: 'sign-in', reason: 'client' });
    throw tooManyRequests(
      hit.retryAfterSeconds,
      'A code was sent recently. Please wait before asking for another one.',
    );
  }
}
