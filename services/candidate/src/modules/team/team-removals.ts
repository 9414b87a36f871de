import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import { leaseDueRows } from '@careers/server-kit/outbox';
import { createPollingWorker, type PollingWorker } from '@careers/server-kit/polling-worker';
import type { App } from '@careers/server-kit/http';
import { loadOrCreateSecret } from '@careers/server-kit/secrets';
import type { Db, TeamRemovalsTable } from '../../db';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers team removals to the identity service (tests flush it). */
    teamRemovals: TeamRemovalWorker;
  }
}

/*
 * A member removed from a team (docs/decisions/0351): the row the removal writes in its transaction is both
 * what the console tells the removed person and an outbox row this worker delivers to the identity
 * service, which ends the sessions that were open at the removal. Durable (the row), once across instances
 * (the lease), retried with backoff, idempotent at the identity service.
 */

const LEASE_MS = 2 * 60 * 1000;
const BATCH = 20;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
const REQUEST_TIMEOUT_MS = 10_000;

type RemovalRow = Pick<Selectable<TeamRemovalsTable>, 'id' | 'user_id' | 'removed_at' | 'attempts'>;

/** Written in the removal's transaction, so the notice exists exactly when the removal does. */
export async function recordTeamRemoval(
  db: Db,
  removal: { businessId: string; businessName: string; userId: string },
  now: Date,
): Promise<void> {
  await db
    .insertInto('team_removals')
    .values({
      id: randomUUID(),
      business_id: removal.businessId,
      business_name: removal.businessName,
      user_id: removal.userId,
      removed_at: now,
      next_attempt_at: now,
    })
    .execute();
}

/** The caller's latest removal, for the console of someone in no business now. */
export async function latestTeamRemoval(
  db: Db,
  userId: string,
): Promise<{ businessName: string; removedAt: Date } | undefined> {
  const row = await db
    .selectFrom('team_removals')
    .select(['business_name', 'removed_at'])
    .where('user_id', '=', userId)
    .orderBy('removed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { businessName: row.business_name, removedAt: row.removed_at };
}

/** A deleted account's removals go with it (the identity service ended its sessions itself). */
export async function forgetTeamRemovals(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('team_removals').where('user_id', '=', userId).execute();
}

/** 5 s, 10 s, 20 s … capped at an hour: an identity service down for a day still gets every removal. */
export function removalBackoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 5000 * 2 ** Math.min(attempts, 20));
}

export interface TeamRemovalWorkerOptions {
  db: Db;
  /** Where the identity service takes removals (POST), on its private address: never through the public proxy. */
  deliveryUrl: string;
  /** INTERNAL_API_TOKEN; without it the removals wait (and a warning says why). */
  token: string | undefined;
  now: () => number;
  intervalMs: number;
  logger: FastifyBaseLogger;
}

export type TeamRemovalWorker = PollingWorker;

export function createTeamRemovalWorker(options: TeamRemovalWorkerOptions): TeamRemovalWorker {
  const { db } = options;
  let warned = false;

  async function deliver(row: RemovalRow): Promise<void> {
    const res = await fetch(options.deliveryUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ removalId: row.id, userId: row.user_id, removedAt: row.removed_at.toISOString() }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.status < 200 || res.status > 299) throw new Error(`the identity service answered ${res.status}`);
  }

  async function runOnce(): Promise<number> {
    if (!options.token) {
      if (!warned)
        options.logger.warn(
          'INTERNAL_API_TOKEN is not set: removed team members keep their sessions until it is (their removals wait)',
        );
      warned = true;
      return 0;
    }
    let delivered = 0;
    for (;;) {
      const now = new Date(options.now());
      const rows = await leaseDueRows<RemovalRow>(db, {
        table: 'team_removals',
        now,
        leaseMs: LEASE_MS,
        due: (query) => query.where('delivered_at', 'is', null).where('next_attempt_at', '<=', now),
        orderBy: 'removed_at',
        limit: BATCH,
        returning: ['id', 'user_id', 'removed_at', 'attempts'],
      });
      for (const row of rows) {
        try {
          await deliver(row);
          await db
            .updateTable('team_removals')
            .set({ delivered_at: new Date(options.now()), locked_until: null, last_error: null })
            .where('id', '=', row.id)
            .execute();
          delivered += 1;
        } catch (err) {
          const retryAt = new Date(options.now() + removalBackoffMs(row.attempts));
          options.logger.warn(
            { err, removalId: row.id, attempts: row.attempts + 1, retryAt },
            'team removal not delivered to the identity service; will retry',
          );
          await db
            .updateTable('team_removals')
            .set((eb) => ({
              attempts: eb('attempts', '+', 1),
              next_attempt_at: retryAt,
              locked_until: null,
              last_error: (err instanceof Error ? err.message : String(err)).slice(0, 500),
            }))
            .where('id', '=', row.id)
            .execute();
        }
      }
      if (rows.length < BATCH) return delivered;
    }
  }

  return createPollingWorker(runOnce, {
    intervalMs: options.intervalMs,
    logger: options.logger,
    failureMessage: 'team removal pass failed',
    job: 'team-removals',
  });
}

/**
 * The app's removal worker: runs where CANDIDATE_WORKERS is on, with INTERNAL_API_TOKEN (or, in the
 * embedded default, the token generated under DATA_DIR that the identity service reads too).
 */
export async function startTeamRemovals(app: App): Promise<void> {
  const { config } = app;
  const { token, generatedDir } = config.internalApi;
  const worker = createTeamRemovalWorker({
    db: app.deps.database.db,
    deliveryUrl: `${config.internalApi.identityUrl.replace(/\/+$/, '')}/internal/team-removals`,
    token:
      token ?? (generatedDir ? await loadOrCreateSecret('internal-api', undefined, generatedDir, false) : undefined),
    now: Date.now,
    intervalMs: config.statusMail.pollIntervalMs,
    logger: app.log,
  });
  app.decorate('teamRemovals', worker);
  if (config.workers) app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
}
