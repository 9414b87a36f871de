import { sql } from 'kysely';
import { z } from 'zod';
import { idSchema, isoDateSchema } from '@careers/contracts/common';
import { ApplicationStatus } from '@careers/contracts/enum-values';
import { bearerSecurity, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import type { App } from '@careers/server-kit/http';
import { HttpProblem } from '@careers/server-kit/problem';
import type { Db } from '../../db';
import { EVERY_ROLE, currentMember, requireTeamRole } from '../team/team.hooks';
import type { Member } from '../team/team.service';
import { requireMemberJob } from '../jobs/business-jobs.service';
import { countReached } from './stage-reach';

const REJECTED = ApplicationStatus.Reject;
const DAY = 24 * 60 * 60 * 1000;

export const sourceFunnelQuerySchema = z.object({
  /** From this time (inclusive); by default 30 days before `to`. */
  from: isoDateSchema.optional(),
  /** Up to this time (exclusive); by default now. */
  to: isoDateSchema.optional(),
  /** One job; without it every job of the business (a hiring manager's: theirs). */
  jobId: idSchema.optional(),
});

export const sourceFunnelSchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
  jobId: idSchema.nullable(),
  sources: z.array(
    z.object({
      /** docs/decisions/0383's closed set; 'unknown' for applications made before sources were kept. */
      source: z.string(),
      applications: z.number().int(),
      reached: z.array(z.object({ applicationStatus: z.number().int(), applications: z.number().int() })),
    }),
  ),
});
export type SourceFunnel = z.infer<typeof sourceFunnelSchema>;

/**
 * Where hires come from (issue 27 item 7): the applications made in a period, by source, and how many of each
 * source reached each stage up to Hired (an application counts for the furthest stage it has ever been at and
 * every stage before it, docs/decisions/0256), for all the business's jobs or one.
 */
export async function sourceFunnel(
  db: Db,
  member: Member,
  query: z.output<typeof sourceFunnelQuerySchema>,
  now: Date,
): Promise<SourceFunnel> {
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - 30 * DAY);
  if (!(from < to)) throw new HttpProblem(400, 'The period must start before it ends.');
  if (query.jobId) await requireMemberJob(db, member, query.jobId);
  const oneJob = query.jobId ? sql`and a.job_id = ${query.jobId}` : sql``;
  const assigned =
    member.role === 'HiringManager'
      ? sql`and a.job_id in (select job_id from job_assignments where user_id = ${member.userId})`
      : sql``;
  const rows = await sql<{ source: string; furthest: number; rejected: boolean; applications: string }>`
    select source, furthest, rejected, count(*) as applications from (
      select coalesce(a.source, 'unknown') as source,
        coalesce(max(s.status) filter (where s.status <> ${REJECTED}), 0) as furthest,
        coalesce(bool_or(s.status = ${REJECTED}), false) as rejected
      from job_applications a
      join jobs j on j.id = a.job_id
      cross join lateral (
        select a.application_status as status
        union all
        select h.application_status from application_status_history h where h.application_id = a.id and not h.withdrawn
      ) s
      where j.business_id = ${member.business.id} and a.applied_at >= ${from} and a.applied_at < ${to} ${oneJob} ${assigned}
      group by a.id, a.source
    ) per_application
    group by source, furthest, rejected`.execute(db);
  const bySource = new Map<string, { furthest: number; rejected: boolean; applications: number }[]>();
  for (const row of rows.rows) {
    const groups = bySource.get(row.source) ?? [];
    groups.push({
      furthest: Number(row.furthest),
      rejected: Boolean(row.rejected),
      applications: Number(row.applications),
    });
    bySource.set(row.source, groups);
  }
  const sources = [...bySource.entries()]
    .map(([source, groups]) => ({
      source,
      applications: groups.reduce((sum, g) => sum + g.applications, 0),
      reached: countReached(groups),
    }))
    .sort((a, b) => b.applications - a.applications || a.source.localeCompare(b.source));
  return { from: from.toISOString(), to: to.toISOString(), jobId: query.jobId ?? null, sources };
}

export async function sourceFunnelRoutes(app: App) {
  app.get(
    '/business/source-funnel',
    {
      preHandler: requireTeamRole(...EVERY_ROLE),
      schema: {
        tags: ['Employer'],
        summary: 'Applications by source in a period, and how many of each reached each stage up to Hired',
        description:
          "Sources are docs/decisions/0383's closed set (a board's feed tag, careers-page, jobs-search, job-alert, a search " +
          "engine, other-site, other-tag, direct; 'unknown' before sources were kept). All jobs or one (jobId); a hiring " +
          'manager sees the jobs given to them.',
        security: bearerSecurity,
        querystring: sourceFunnelQuerySchema,
        response: { 200: sourceFunnelSchema, ...problems },
      },
    },
    async (request) =>
      sourceFunnel(app.deps.database.db, currentMember(request), request.query, new Date(app.deps.jobAlerts.now())),
  );
}
