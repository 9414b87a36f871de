import { sql } from 'kysely';
import { ApplicationStatus } from '@careers/contracts/enums';
import {
  MEDIAN_MIN_DATA_POINTS,
  MEDIAN_WINDOW_DAYS,
  REPLY_WITHIN_DAYS_DEFAULT,
  type MeasuredReplyTime,
} from '@careers/contracts/fair-endings';
import type { Db } from '../../db';

/*
 * Reply times kept, and measured (issue 29 item 3, docs/decisions/0412-0414): each job's "we reply within N
 * days", how long an application has waited against it, the employer's one reminder when it is overdue, and
 * the business's median time to a first status change, measured from the status history.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What an application shows of the promise. It awaits a reply while it is still new (SPEC's pending status),
 * not withdrawn, not ended with its job and not kept on file; past replyDueOn it is overdue (the portal
 * compares with its clock, the reminder pass with the service's).
 */
export function replyFactsOf(
  application: {
    applied_at: Date;
    application_status: number;
    withdrawn_at: Date | null;
    ending_reason?: string | null;
    keep_on_file_asked_at?: Date | null;
  },
  replyWithinDays: number | null | undefined,
) {
  const days = replyWithinDays ?? REPLY_WITHIN_DAYS_DEFAULT;
  return {
    replyWithinDays: days,
    replyDueOn: new Date(application.applied_at.getTime() + days * DAY_MS).toISOString(),
    awaitingReply:
      application.application_status === ApplicationStatus.ApplicationPending &&
      application.withdrawn_at === null &&
      !application.ending_reason &&
      !application.keep_on_file_asked_at,
  };
}

/** The median of sorted numbers. */
function median(sorted: number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The business's median time to a first status change (decision 0414), in days to one decimal. Its data
 * points: each application whose first change (to any status but pending; a withdrawal is not a reply)
 * came in the last 90 days, timed from the application; and each application of the last 90 days still
 * unanswered past its job's promise, with its wait so far, so that silence counts against the figure
 * instead of dropping out of it. Below MEDIAN_MIN_DATA_POINTS the median is null.
 */
export async function measuredReplyTime(db: Db, businessId: string, now: Date): Promise<MeasuredReplyTime> {
  const since = new Date(now.getTime() - MEDIAN_WINDOW_DAYS * DAY_MS);
  const rows = await sql<{ waited_ms: string | number }>`
    with firsts as (
      select a.id, a.applied_at, a.application_status, a.withdrawn_at, j.reply_within_days,
        (select min(h.changed_at) from application_status_history h
          where h.application_id = a.id and not h.withdrawn and h.application_status <> ${ApplicationStatus.ApplicationPending}
        ) as first_change
      from job_applications a
      join jobs j on j.id = a.job_id
      where j.business_id = ${businessId} and a.applied_at >= ${new Date(since.getTime() - 365 * DAY_MS)}
    )
    select extract(epoch from (first_change - applied_at)) * 1000 as waited_ms from firsts
      where first_change is not null and first_change >= ${since} and first_change <= ${now}
    union all
    select extract(epoch from (${now}::timestamptz - applied_at)) * 1000 from firsts
      where first_change is null and withdrawn_at is null and application_status = ${ApplicationStatus.ApplicationPending}
        and applied_at >= ${since}
        and applied_at + make_interval(days => reply_within_days) < ${now}`.execute(db);
  const waits = rows.rows.map((r) => Math.max(0, Number(r.waited_ms))).sort((a, b) => a - b);
  return {
    medianDays: waits.length >= MEDIAN_MIN_DATA_POINTS ? Math.round((median(waits) / DAY_MS) * 10) / 10 : null,
    dataPoints: waits.length,
    windowDays: MEDIAN_WINDOW_DAYS,
  };
}
