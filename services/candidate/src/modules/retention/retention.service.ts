import { sql, type Generated, type Kysely } from 'kysely';
import {
  DEFAULT_RETENTION_COUNTRY,
  MIN_KEEP_DAYS,
  MIN_POOL_DAYS,
  RETENTION_PRESETS,
  retentionRuleWords,
  type RetentionCountry,
} from '@careers/contracts/retention-values';
import type {
  BusinessRetention,
  BusinessRetentionUpdate,
  CvTakeBackResult,
  CvTakenBack,
  DeletedApplication,
  TalentPoolEntry,
  TalentPoolOffer,
} from '@careers/contracts/retention';
import type { AuthUser } from '@careers/server-kit/bearer-auth';
import { HttpProblem } from '@careers/server-kit/problem';
import type { CandidateDatabase, Db } from '../../db';
import { requireCandidate } from '../candidates/candidates.service';
import { cancelInterviewsBeforeDeletion } from '../interviews/interviews.service';

/** The tables of this module (migration 0021), beside the service's own. */
// A type, not an interface: Kysely's withTables wants an index signature.
export type RetentionTables = {
  business_retention: {
    business_id: string;
    country: RetentionCountry;
    keep_days: number;
    pool_days: number | null;
    legal_hold_until: Date | null;
    updated_at: Date;
  };
  application_retention: {
    application_id: string;
    decided_at: Date | null;
    kept_for_roles_until: Date | null;
  };
  application_deletions: {
    application_id: string;
    business_id: string;
    job_id: string;
    reason: 'retention' | 'candidate';
    deleted_at: Date;
  };
  deletion_receipts: {
    id: Generated<string>;
    candidate_id: string;
    business_name: string;
    job_title: string;
    deleted_at: Date;
    attempts: Generated<number>;
    next_attempt_at: Date;
    locked_until: Date | null;
    last_error: string | null;
  };
  /** Migration 0030: the candidate's own record of a CV taken back from a business (docs/decisions/0575). */
  cv_take_backs: {
    cv_id: string;
    business_id: string;
    candidate_id: string;
    taken_back_at: Date;
  };
};
export type RetentionDb = Kysely<CandidateDatabase & RetentionTables>;
export const withRetention = (db: Db): RetentionDb => db.withTables<RetentionTables>();

const DAY_MS = 24 * 60 * 60 * 1000;

export const APPLICATION_NOT_FOUND = 'This application was not found.';
export const NO_POOL_OFFERED = 'This business does not keep applications for other roles.';
export const LEGAL_HOLD = (business: string, until: Date) =>
  `${business} keeps your CV until ${until.toISOString().slice(0, 10)}: it declared a legal hold. You can take it back after that date.`;
export const NOTHING_AT_BUSINESS = 'This CV was not sent to this business.';

/** A business's rule as it applies: its own row, or the default preset. */
export interface Rule {
  country: RetentionCountry;
  keepDays: number;
  poolDays: number | null;
  legalHoldUntil: Date | null;
  chosen: boolean;
}

const defaultRule = (): Rule => ({
  country: DEFAULT_RETENTION_COUNTRY,
  keepDays: RETENTION_PRESETS[DEFAULT_RETENTION_COUNTRY].keepDays,
  poolDays: null,
  legalHoldUntil: null,
  chosen: false,
});

export async function rulesOf(db: Db, businessIds: string[]): Promise<Map<string, Rule>> {
  const rules = new Map<string, Rule>();
  if (businessIds.length === 0) return rules;
  const rows = await withRetention(db)
    .selectFrom('business_retention')
    .selectAll()
    .where('business_id', 'in', [...new Set(businessIds)])
    .execute();
  for (const r of rows)
    rules.set(r.business_id, {
      country: r.country,
      keepDays: r.keep_days,
      poolDays: r.pool_days,
      legalHoldUntil: r.legal_hold_until,
      chosen: true,
    });
  return rules;
}

export async function ruleOf(db: Db, businessId: string): Promise<Rule> {
  return (await rulesOf(db, [businessId])).get(businessId) ?? defaultRule();
}

/** The date an application goes: the rule's period after the decision, or later: the consent's end, a legal hold. */
export function deletionDate(rule: Rule, decidedAt: Date | null, keptUntil: Date | null): Date | null {
  if (!decidedAt) return null;
  let at = decidedAt.getTime() + rule.keepDays * DAY_MS;
  if (keptUntil) at = Math.max(at, keptUntil.getTime());
  if (rule.legalHoldUntil) at = Math.max(at, rule.legalHoldUntil.getTime());
  return new Date(at);
}

/** The fields the candidate's applications carry (applicationRetentionFields), by application id. */
export async function retentionOfApplications(
  db: Db,
  applications: { id: string; businessId: string }[],
): Promise<
  Map<
    string,
    {
      deletesOn: string | null;
      deletionRule: string;
      keptForOtherRolesUntil: string | null;
      legalHoldUntil: string | null;
    }
  >
> {
  const result = new Map();
  if (applications.length === 0) return result;
  const [rules, rows] = await Promise.all([
    rulesOf(
      db,
      applications.map((a) => a.businessId),
    ),
    withRetention(db)
      .selectFrom('application_retention')
      .selectAll()
      .where(
        'application_id',
        'in',
        applications.map((a) => a.id),
      )
      .execute(),
  ]);
  const byId = new Map(rows.map((r) => [r.application_id, r]));
  for (const a of applications) {
    const rule = rules.get(a.businessId) ?? defaultRule();
    const row = byId.get(a.id);
    const kept = row?.kept_for_roles_until ?? null;
    const at = deletionDate(rule, row?.decided_at ?? null, kept);
    result.set(a.id, {
      deletesOn: at?.toISOString() ?? null,
      deletionRule: retentionRuleWords(rule.country, rule.keepDays),
      keptForOtherRolesUntil: kept?.toISOString() ?? null,
      legalHoldUntil: rule.legalHoldUntil?.toISOString() ?? null,
    });
  }
  return result;
}

/** The candidate's applications with the retention fields added (their date, rule, consent and hold). */
export async function withRetentionFields<T extends { id: string; business: { id: string } }>(
  db: Db,
  applications: T[],
): Promise<T[]> {
  const fields = await retentionOfApplications(
    db,
    applications.map((a) => ({ id: a.id, businessId: a.business.id })),
  );
  return applications.map((a) => ({ ...a, ...fields.get(a.id) }));
}

/** GET /business/retention */
export async function businessRetention(db: Db, businessId: string): Promise<BusinessRetention> {
  const rule = await ruleOf(db, businessId);
  return {
    country: rule.country,
    keepDays: rule.keepDays,
    poolDays: rule.poolDays,
    legalHoldUntil: rule.legalHoldUntil?.toISOString() ?? null,
    chosen: rule.chosen,
  };
}

/** PUT /business/retention: a preset, or an own period within the preset's bound; 400 outside it. */
export async function setBusinessRetention(
  db: Db,
  businessId: string,
  body: BusinessRetentionUpdate,
  now: Date,
): Promise<BusinessRetention> {
  const preset = RETENTION_PRESETS[body.country];
  const keepDays = body.keepDays ?? preset.keepDays;
  if (keepDays < MIN_KEEP_DAYS || keepDays > preset.maxKeepDays)
    throw new HttpProblem(
      400,
      `Keep applications between ${MIN_KEEP_DAYS} and ${preset.maxKeepDays} days after the decision (${preset.name}).`,
    );
  const poolDays = body.poolDays ?? null;
  if (poolDays !== null && (poolDays < MIN_POOL_DAYS || poolDays > preset.maxPoolDays))
    throw new HttpProblem(
      400,
      `Offer to keep applications for other roles between ${MIN_POOL_DAYS} and ${preset.maxPoolDays} days (${preset.name}).`,
    );
  const hold = body.legalHoldUntil ? new Date(body.legalHoldUntil) : null;
  if (hold && hold.getTime() <= now.getTime()) throw new HttpProblem(400, 'A legal hold ends in the future.');
  if (hold && hold.getTime() > now.getTime() + 10 * 366 * DAY_MS)
    throw new HttpProblem(400, 'A legal hold ends within ten years.');
  const values = {
    country: body.country,
    keep_days: keepDays,
    pool_days: poolDays,
    legal_hold_until: hold,
    updated_at: now,
  };
  await withRetention(db)
    .insertInto('business_retention')
    .values({ business_id: businessId, ...values })
    .onConflict((oc) => oc.column('business_id').doUpdateSet(values))
    .execute();
  return businessRetention(db, businessId);
}

/** GET /jobs/{id}/talent-pool-offer: the business's name and the period it offers (null when it does not ask). */
export async function talentPoolOffer(db: Db, jobId: string): Promise<TalentPoolOffer> {
  const row = await db
    .selectFrom('jobs as j')
    .innerJoin('businesses as b', 'b.id', 'j.business_id')
    .select(['b.id', 'b.name'])
    .where('j.id', '=', jobId)
    .executeTakeFirst();
  if (!row) throw new HttpProblem(404, 'This job was not found.');
  return { businessName: row.name, poolDays: (await ruleOf(db, row.id)).poolDays };
}

/** The candidate's own application and its business; 404 otherwise. */
async function ownApplication(db: Db, user: AuthUser, applicationId: string) {
  const candidate = await requireCandidate(db, user);
  const row = await db
    .selectFrom('job_applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select(['a.id', 'j.business_id'])
    .where('a.id', '=', applicationId)
    .where('a.candidate_id', '=', candidate.id)
    .executeTakeFirst();
  if (!row) throw new HttpProblem(404, APPLICATION_NOT_FOUND);
  return row;
}

/** PUT /job-applications/{id}/talent-pool: kept for other roles until now + the business's period. */
export async function giveTalentPoolConsent(db: Db, user: AuthUser, applicationId: string, now: Date) {
  const application = await ownApplication(db, user, applicationId);
  const rule = await ruleOf(db, application.business_id);
  if (rule.poolDays === null) throw new HttpProblem(409, NO_POOL_OFFERED);
  const until = new Date(now.getTime() + rule.poolDays * DAY_MS);
  await withRetention(db)
    .insertInto('application_retention')
    .values({ application_id: application.id, decided_at: null, kept_for_roles_until: until })
    .onConflict((oc) => oc.column('application_id').doUpdateSet({ kept_for_roles_until: until }))
    .execute();
  return { keptForOtherRolesUntil: until.toISOString() };
}

/**
 * The consent given on the apply form, with the application (same transaction): kept for other roles until
 * now + the business's period. A business that stopped asking since the form was shown keeps nothing
 * longer: the application stands, and its page shows no consent.
 */
export async function keepForOtherRolesAtApply(trx: Db, applicationId: string, businessId: string, now: Date) {
  const { poolDays } = await ruleOf(trx, businessId);
  if (poolDays === null) return;
  await withRetention(trx)
    .insertInto('application_retention')
    .values({
      application_id: applicationId,
      decided_at: null,
      kept_for_roles_until: new Date(now.getTime() + poolDays * DAY_MS),
    })
    .execute();
}

/** DELETE /job-applications/{id}/talent-pool: the consent ends now; the date falls back to the rule's. */
export async function withdrawTalentPoolConsent(db: Db, user: AuthUser, applicationId: string) {
  const application = await ownApplication(db, user, applicationId);
  await withRetention(db)
    .updateTable('application_retention')
    .set({ kept_for_roles_until: null })
    .where('application_id', '=', application.id)
    .execute();
  return { keptForOtherRolesUntil: null };
}

/** GET /business/talent-pool: the applications whose candidates agreed to be kept, with their dates. */
export async function talentPool(db: Db, businessId: string, now: Date): Promise<TalentPoolEntry[]> {
  const rows = await withRetention(db)
    .selectFrom('application_retention as r')
    .innerJoin('job_applications as a', 'a.id', 'r.application_id')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .innerJoin('candidates as c', 'c.id', 'a.candidate_id')
    .select(['a.id', 'c.name', 'j.id as job_id', 'j.title', 'a.applied_at', 'r.kept_for_roles_until'])
    .where('j.business_id', '=', businessId)
    .where('r.kept_for_roles_until', '>', now)
    .orderBy('r.kept_for_roles_until', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    applicationId: r.id,
    candidateName: r.name,
    jobId: r.job_id,
    jobTitle: r.title,
    appliedOn: r.applied_at.toISOString(),
    keptUntil: r.kept_for_roles_until!.toISOString(),
  }));
}

/** GET /business/jobs/{id}/deleted-applications: what went and when, newest first. */
export async function deletedApplicationsOfJob(db: Db, jobId: string): Promise<DeletedApplication[]> {
  const rows = await withRetention(db)
    .selectFrom('application_deletions')
    .select(['application_id', 'deleted_at', 'reason'])
    .where('job_id', '=', jobId)
    .orderBy('deleted_at', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({ id: r.application_id, deletedOn: r.deleted_at.toISOString(), reason: r.reason }));
}

/**
 * Deletes applications in the caller's transaction: the record without personal data, the candidate's
 * receipt (retention only: a candidate who took their CV back saw it on the page), the application row
 * (its history, notes, answers, messages and the rest go with it: ON DELETE CASCADE), and the business's
 * log of openings of a CV it no longer holds.
 */
export async function deleteApplications(
  trx: Db,
  ids: string[],
  reason: 'retention' | 'candidate',
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  const rdb = withRetention(trx);
  const rows = await trx
    .selectFrom('job_applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .innerJoin('businesses as b', 'b.id', 'j.business_id')
    .innerJoin('candidates as c', 'c.id', 'a.candidate_id')
    .select(['a.id', 'a.candidate_id', 'a.cv_id', 'j.id as job_id', 'j.title', 'b.id as business_id', 'b.name'])
    .select(sql<boolean>`c.account_deleted_at is not null`.as('account_deleted'))
    .where('a.id', 'in', ids)
    .execute();
  if (rows.length === 0) return;
  await rdb
    .insertInto('application_deletions')
    .values(
      rows.map((r) => ({
        application_id: r.id,
        business_id: r.business_id,
        job_id: r.job_id,
        reason,
        deleted_at: now,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  // A deleted account (its rows kept under a legal hold, 0494) gets no e-mail.
  const receipted = reason === 'retention' ? rows.filter((r) => !r.account_deleted) : [];
  if (receipted.length > 0)
    await rdb
      .insertInto('deletion_receipts')
      .values(
        receipted.map((r) => ({
          candidate_id: r.candidate_id,
          business_name: r.name,
          job_title: r.title,
          deleted_at: now,
          next_attempt_at: now,
          locked_until: null,
          last_error: null,
        })),
      )
      .execute();
  await cancelInterviewsBeforeDeletion(trx, { applicationIds: rows.map((r) => r.id) }, now);
  await trx
    .deleteFrom('job_applications')
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  // A business that holds a CV no more (no application, no CV drop) keeps no log of opening it.
  for (const r of rows) {
    if (!r.cv_id) continue;
    await sql`
      delete from cv_openings o
      where o.cv_id = ${r.cv_id} and o.business_id = ${r.business_id}
        and not exists (select 1 from job_applications a join jobs j on j.id = a.job_id
                        where a.cv_id = ${r.cv_id} and j.business_id = ${r.business_id})
        and not exists (select 1 from cv_drops d where d.cv_id = ${r.cv_id} and d.business_id = ${r.business_id})
    `.execute(trx);
  }
}

/** At most this many applications per transaction of the job. */
const DELETION_BATCH = 100;

/**
 * The due applications, deleted in one transaction: FOR UPDATE SKIP LOCKED, so instances running at once
 * each take others. Answers how many went.
 */
export async function deleteDueApplications(db: Db, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await sql<{ application_id: string }>`
      select r.application_id
      from application_retention r
      join job_applications a on a.id = r.application_id
      join jobs j on j.id = a.job_id
      left join business_retention p on p.business_id = j.business_id
      where r.decided_at is not null
        and greatest(
          r.decided_at + make_interval(days => coalesce(p.keep_days, ${RETENTION_PRESETS[DEFAULT_RETENTION_COUNTRY].keepDays}::int)),
          r.kept_for_roles_until,
          p.legal_hold_until
        ) <= ${now}
      order by r.decided_at
      limit ${DELETION_BATCH}
      for update of r skip locked
    `.execute(trx);
    const ids = due.rows.map((r) => r.application_id);
    await deleteApplications(trx, ids, 'retention', now);
    return ids.length;
  });
}

/**
 * POST /cvs/{cvId}/take-back: the candidate takes one CV back from one business. The applications at
 * that business sent with it and the CV drops of it there are deleted (the employer sees "deleted on");
 * the candidate's own CV and every other business's copy stay. 409 while the business's legal hold runs.
 */
export async function takeBackCv(
  db: Db,
  user: AuthUser,
  cvId: string,
  businessId: string,
  now: Date,
): Promise<CvTakeBackResult> {
  const candidate = await requireCandidate(db, user);
  const applications = await db
    .selectFrom('job_applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select('a.id')
    .where('a.candidate_id', '=', candidate.id)
    .where('a.cv_id', '=', cvId)
    .where('j.business_id', '=', businessId)
    .execute();
  const drops = await db
    .selectFrom('cv_drops')
    .select('id')
    .where('candidate_id', '=', candidate.id)
    .where('cv_id', '=', cvId)
    .where('business_id', '=', businessId)
    .execute();
  if (applications.length === 0 && drops.length === 0) throw new HttpProblem(404, NOTHING_AT_BUSINESS);
  const rule = await ruleOf(db, businessId);
  if (rule.legalHoldUntil && rule.legalHoldUntil.getTime() > now.getTime()) {
    const business = await db.selectFrom('businesses').select('name').where('id', '=', businessId).executeTakeFirst();
    throw new HttpProblem(409, LEGAL_HOLD(business?.name ?? 'This business', rule.legalHoldUntil));
  }
  await db.transaction().execute(async (trx) => {
    if (drops.length > 0)
      await trx
        .deleteFrom('cv_drops')
        .where(
          'id',
          'in',
          drops.map((d) => d.id),
        )
        .execute();
    await deleteApplications(
      trx,
      applications.map((a) => a.id),
      'candidate',
      now,
    );
    if (applications.length === 0)
      await sql`delete from cv_openings where cv_id = ${cvId} and business_id = ${businessId}`.execute(trx);
    await withRetention(trx)
      .insertInto('cv_take_backs')
      .values({ cv_id: cvId, business_id: businessId, candidate_id: candidate.id, taken_back_at: now })
      .onConflict((oc) => oc.columns(['cv_id', 'business_id']).doUpdateSet({ taken_back_at: now }))
      .execute();
  });
  return { deletedApplications: applications.length, deletedCvDrops: drops.length };
}

/**
 * The businesses each of the candidate's CVs was taken back from, newest first, by CV id: the CVs page says
 * "deleted at your request on {date}" where the usage line would otherwise say nothing was sent.
 */
export async function takeBacksOfCandidate(db: Db, candidateId: string): Promise<Map<string, CvTakenBack[]>> {
  const rows = await withRetention(db)
    .selectFrom('cv_take_backs as t')
    .innerJoin('businesses as b', 'b.id', 't.business_id')
    .select(['t.cv_id', 't.business_id', 'b.name', 't.taken_back_at'])
    .where('t.candidate_id', '=', candidateId)
    .orderBy('t.taken_back_at', 'desc')
    .execute();
  const byCv = new Map<string, CvTakenBack[]>();
  for (const row of rows)
    byCv.set(row.cv_id, [
      ...(byCv.get(row.cv_id) ?? []),
      { businessId: row.business_id, businessName: row.name, takenBackOn: row.taken_back_at.toISOString() },
    ]);
  return byCv;
}
