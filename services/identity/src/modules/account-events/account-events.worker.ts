import type { FastifyBaseLogger } from 'fastify';
import { SignJWT } from 'jose';
import { ACCOUNT_EVENTS_AUDIENCE } from '@careers/contracts/identity';
import type { Db } from '../../db';
import { findUserById } from '../users/users.service';
import { createPollingWorker, type PollingWorker } from '@careers/server-kit/polling-worker';
import type { SigningKeys } from '../tokens/signing-keys';
import { claimDueEvents, markEventDelivered, markEventFailed, type AccountEventRow } from './account-events.repository';

const LEASE_MS = 2 * 60 * 1000;
const BATCH = 20;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
const NOTICE_TOKEN_SECONDS = 5 * 60;
const REQUEST_TIMEOUT_MS = 10_000;

/** 5 s, 10 s, 20 s … capped at an hour: a candidate service down for a day still gets every notice. */
export function eventBackoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 5000 * 2 ** Math.min(attempts, 20));
}

export type AccountEventsWorker = PollingWorker;

export interface AccountEventsOptions {
  db: Db;
  keys: SigningKeys;
  issuer: string;
  /** Where the candidate service takes notices (POST). */
  deliveryUrl: string;
  now: () => number;
  intervalMs: number;
  logger: FastifyBaseLogger;
}

/** A short-lived token that says what happened, signed like access tokens but for another audience. */
async function noticeToken(
  options: AccountEventsOptions,
  event: AccountEventRow,
  address?: { email: string; verified: boolean },
): Promise<string> {
  const iat = Math.floor(options.now() / 1000);
  return new SignJWT({
    event: event.kind,
    ...(address ? { email: address.email, email_verified: address.verified } : {}),
  })
    .setProtectedHeader({ alg: 'ES256', kid: options.keys.current.kid, typ: 'JWT' })
    .setSubject(event.userId)
    .setJti(event.id)
    .setIssuer(options.issuer)
    .setAudience(ACCOUNT_EVENTS_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + NOTICE_TOKEN_SECONDS)
    .sign(options.keys.current.privateKey);
}

async function deliver(options: AccountEventsOptions, event: AccountEventRow): Promise<void> {
  let address: { email: string; verified: boolean } | undefined;
  if (event.kind !== 'account_deleted') {
    // The address as it is now, not as it was when the notice was written: notices delivered late or out
    // of order still leave the candidate service with the latest state (docs/decisions/0166).
    const user = await findUserById(options.db, event.userId);
    // A deleted account's own notice removes its data; nothing is left to update.
    if (!user) return;
    address = { email: user.email, verified: user.emailConfirmedAt !== null };
  }
  const res = await fetch(options.deliveryUrl, {
    method: 'POST',
    headers: { authorization: `Bearer ${await noticeToken(options, event, address)}` },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  await res.body?.cancel();
  if (res.status < 200 || res.status > 299) throw new Error(`the candidate service answered ${res.status}`);
}

export function createAccountEventsWorker(options: AccountEventsOptions): AccountEventsWorker {
  async function runOnce(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const rows = await claimDueEvents(options.db, new Date(options.now()), LEASE_MS, BATCH);
      for (const row of rows) {
        try {
          await deliver(options, row);
          await markEventDelivered(options.db, row.id, new Date(options.now()));
          delivered += 1;
        } catch (err) {
          const retryAt = new Date(options.now() + eventBackoffMs(row.attempts));
          options.logger.warn(
            { err, eventId: row.id, kind: row.kind, attempts: row.attempts + 1, retryAt },
            'account notice not delivered; will retry',
          );
          await markEventFailed(options.db, row.id, retryAt, err instanceof Error ? err.message : String(err));
        }
      }
      if (rows.length < BATCH) return delivered;
    }
  }

  return createPollingWorker(runOnce, {
    intervalMs: options.intervalMs,
    logger: options.logger,
    failureMessage: 'account notice pass failed',
    job: 'account-notices',
  });
}
