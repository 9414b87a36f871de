import { randomUUID } from 'node:crypto';
import {
  answerProblem,
  answerWords,
  meetsRequirement,
  requirementWords,
  screeningQuestionsSchema,
  type ApplicationRecord,
  type ApplicationRecordAnswer,
  type JobAd,
  type ScreeningAnswer,
  type ScreeningQuestion,
} from '@careers/contracts/screening';
import type { Workplace, JobType, SalaryRateType } from '@careers/contracts/enums';
import { HttpProblem } from '@careers/server-kit/problem';
import type { AuthUser } from '@careers/server-kit/bearer-auth';
import type { Db } from '../../db';
import { requireCandidate } from '../candidates/candidates.service';
import { JOB_COLUMNS, type JobRow } from '../jobs/jobs.service';
import { memberMaySeeJob, type Member } from '../team/team.service';

/**
 * Screening questions and the ad as it was (issue 29 items 1 and 4, docs/decisions/0400-0403): the job's
 * questions are checked for their shape only (never for the answer the job wants), each application keeps the
 * version of the ad it was sent to and a receipt: the date, the CV file's name and SHA-256, the answers.
 */

export const UNKNOWN_QUESTION =
  'The job’s questions have changed since the page was opened. Reload the page and answer them again.';

/** A jsonb value as the driver gives it (parsed, or as text by some): the job's questions; [] if unreadable. */
export function questionsOf(raw: unknown): ScreeningQuestion[] {
  const value = typeof raw === 'string' ? safeJson(raw) : raw;
  const parsed = screeningQuestionsSchema.safeParse(value ?? []);
  return parsed.success ? parsed.data : [];
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The public job's screeningQuestions: only on a job that has some. */
export function screeningQuestionsField(raw: unknown): { screeningQuestions?: ScreeningQuestion[] } {
  const questions = questionsOf(raw);
  return questions.length > 0 ? { screeningQuestions: questions } : {};
}

/** The questions for an employer's create or change request; undefined leaves a changed job's questions as they are. */
export function questionsColumn(questions: ScreeningQuestion[] | undefined): { screening_questions?: string } {
  return questions === undefined ? {} : { screening_questions: JSON.stringify(questions) };
}

/**
 * Why the answers cannot be taken (a required question left out, an option the question does not have, an
 * answer to a question the job no longer asks); null when they can. Whether an answer meets a requirement is
 * never a reason: the application is sent and the employer is shown it.
 */
export function answersProblem(questions: ScreeningQuestion[], sent: ScreeningAnswer[]): string | null {
  const answers = normalized(questions, sent);
  const byId = new Map(answers.map((a) => [a.questionId, a.value]));
  if (byId.size !== answers.length) return 'Each question is answered once.';
  for (const answer of answers) if (!questions.some((q) => q.id === answer.questionId)) return UNKNOWN_QUESTION;
  for (const question of questions) {
    const problem = answerProblem(question, byId.get(question.id));
    if (problem) return problem;
  }
  return null;
}

/**
 * Answers as a caller outside the portal may word them: "yes" or "no" to a yes/no question, a number as text
 * to a number question. Anything else is left as sent (and answerProblem says what is wrong with it).
 */
function normalized(questions: ScreeningQuestion[], answers: ScreeningAnswer[]): ScreeningAnswer[] {
  const kinds = new Map(questions.map((q) => [q.id, q.kind]));
  return answers.map((answer) => {
    const kind = kinds.get(answer.questionId);
    if (typeof answer.value !== 'string') return answer;
    const text = answer.value.trim();
    if (kind === 'yesNo' && /^(yes|true)$/i.test(text)) return { ...answer, value: true };
    if (kind === 'yesNo' && /^(no|false)$/i.test(text)) return { ...answer, value: false };
    if (kind === 'number' && text !== '' && Number.isFinite(Number(text))) return { ...answer, value: Number(text) };
    return answer;
  });
}

/** The answers worth keeping: those given, in the questions' order (an empty optional text is no answer). */
function keptAnswers(questions: ScreeningQuestion[], sent: ScreeningAnswer[]): ScreeningAnswer[] {
  const answers = normalized(questions, sent);
  const byId = new Map(answers.map((a) => [a.questionId, a.value]));
  return questions.flatMap((q) => {
    const value = byId.get(q.id);
    if (value === undefined || (typeof value === 'string' && value.trim() === '')) return [];
    return [{ questionId: q.id, value: typeof value === 'string' ? value.trim() : value }];
  });
}

/** The ad as a candidate reads it: the job's words and facts, and the business's name. */
export function jobAd(row: JobRow, businessName: string): JobAd {
  return {
    title: row.title,
    description: row.description,
    businessName,
    addressLine1: row.address_line1,
    city: row.city,
    region: row.region,
    state: row.state,
    postcode: row.postcode,
    country: row.country,
    fullTime: row.full_time,
    partTime: row.part_time,
    jobType: row.job_type as JobType,
    remote: row.remote,
    workplace: row.workplace as Workplace,
    salaryRateType: row.salary_rate_type as SalaryRateType,
    salaryAmount: row.salary_amount,
    salaryFrom: row.salary_from,
    salaryTo: row.salary_to,
    salaryCurrency: row.salary_currency,
    salaryNegotiable: row.salary_negotiable,
  };
}

/** JSON with its object keys sorted: jsonb gives keys back in its own order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

const sameVersion = (a: { ad: unknown; questions: unknown }, b: { ad: unknown; questions: unknown }) =>
  canonical(a.ad) === canonical(b.ad) && canonical(a.questions) === canonical(b.questions);

function latestVersion(db: Db, jobId: string) {
  return db
    .selectFrom('job_versions')
    .select(['id', 'version', 'ad', 'screening_questions'])
    .where('job_id', '=', jobId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The id of the job's version as it is now: the latest row when the ad and questions are the same, else a
 * new row numbered one more. Called when the employer creates or changes the job, and at each application
 * (a job changed some other way gets its version then). Two callers racing for one number: the second reads
 * the first's row.
 */
export async function recordJobVersion(db: Db, job: JobRow, businessName: string, now = new Date()): Promise<string> {
  const current = { ad: jobAd(job, businessName), questions: questionsOf(job.screening_questions) };
  for (let attempt = 0; ; attempt++) {
    const latest = await latestVersion(db, job.id);
    if (latest && sameVersion(current, { ad: latest.ad, questions: questionsOf(latest.screening_questions) }))
      return latest.id;
    const inserted = await db
      .insertInto('job_versions')
      .values({
        id: randomUUID(),
        job_id: job.id,
        version: (latest?.version ?? 0) + 1,
        ad: JSON.stringify(current.ad),
        screening_questions: JSON.stringify(current.questions),
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['job_id', 'version']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return inserted.id;
    if (attempt >= 3) throw new Error(`job ${job.id}: no version number after ${attempt + 1} attempts`);
  }
}

/** Keeps the application's receipt: the version of the ad it was sent to, the CV file, the answers. */
export async function recordApplication(
  db: Db,
  input: {
    applicationId: string;
    job: JobRow;
    businessName: string;
    cv: { id: string; file_name: string };
    answers: ScreeningAnswer[];
    now: Date;
  },
): Promise<void> {
  const versionId = await recordJobVersion(db, input.job, input.businessName, input.now);
  const questions = questionsOf(input.job.screening_questions);
  const hash = await db.selectFrom('cvs').select('content_sha256').where('id', '=', input.cv.id).executeTakeFirst();
  await db
    .insertInto('application_records')
    .values({
      application_id: input.applicationId,
      job_version_id: versionId,
      cv_file_name: input.cv.file_name,
      cv_sha256: hash?.content_sha256 ?? null,
      answers: JSON.stringify(keptAnswers(questions, input.answers)),
      applied_at: input.now,
    })
    .execute();
}

function recordRows(db: Db, applicationIds: string[]) {
  return db
    .selectFrom('application_records as r')
    .innerJoin('job_versions as v', 'v.id', 'r.job_version_id')
    .leftJoin('jobs', 'jobs.id', 'v.job_id')
    .leftJoin('businesses as b', 'b.id', 'jobs.business_id')
    .select([
      'r.application_id',
      'r.cv_file_name',
      'r.cv_sha256',
      'r.answers',
      'r.applied_at',
      'v.version',
      'v.ad as version_ad',
      'v.screening_questions as version_questions',
      'b.name as business_name',
    ])
    .select(JOB_COLUMNS)
    .where('r.application_id', 'in', applicationIds)
    .execute();
}

type RecordRow = Awaited<ReturnType<typeof recordRows>>[number];

function toRecord(row: RecordRow): ApplicationRecord {
  const questions = questionsOf(row.version_questions);
  const answers = (
    Array.isArray(row.answers) ? row.answers : (safeJson(String(row.answers)) ?? [])
  ) as ScreeningAnswer[];
  const byId = new Map(answers.map((a) => [a.questionId, a.value]));
  const ad = (typeof row.version_ad === 'string' ? safeJson(row.version_ad) : row.version_ad) as JobAd;
  const job = row.id === null ? null : (row as unknown as JobRow);
  const adChangedSince =
    job === null ||
    !sameVersion(
      { ad, questions },
      { ad: jobAd(job, row.business_name ?? ''), questions: questionsOf(job.screening_questions) },
    );
  const answerList = questions.map((q) => {
    const value = byId.get(q.id);
    return {
      questionId: q.id,
      question: q.text,
      requirement: requirementWords(q),
      answer: value === undefined ? null : answerWords(value),
      meetsRequirement: meetsRequirement(q, value),
    };
  });
  return {
    applicationId: row.application_id,
    appliedOn: row.applied_at.toISOString(),
    cvFileName: row.cv_file_name,
    cvSha256: row.cv_sha256,
    adVersion: row.version,
    adChangedSince,
    ad,
    answers: answerList,
    doesNotMeet: answerList
      .filter((a) => a.meetsRequirement === false)
      .map((a) => `${a.question} (${a.requirement}; answered ${a.answer})`),
  };
}

/** The records of these applications (those sent before receipts were kept have none), in the ids' order. */
export async function applicationRecords(db: Db, applicationIds: string[]): Promise<ApplicationRecord[]> {
  if (applicationIds.length === 0) return [];
  const byId = new Map((await recordRows(db, applicationIds)).map((row) => [row.application_id, toRecord(row)]));
  return applicationIds.flatMap((id) => byId.get(id) ?? []);
}

/** The candidate's own applications' records, a slice of ids at a time (the data export). */
export async function candidateApplicationRecords(
  db: Db,
  candidateId: string,
  applicationIds: string[],
): Promise<ApplicationRecord[]> {
  if (applicationIds.length === 0) return [];
  const own = await db
    .selectFrom('job_applications')
    .select('id')
    .where('candidate_id', '=', candidateId)
    .where('id', 'in', applicationIds)
    .execute();
  const owned = new Set(own.map((r) => r.id));
  return applicationRecords(
    db,
    applicationIds.filter((id) => owned.has(id)),
  );
}

export const APPLICATION_NOT_FOUND = 'The application was not found.';

async function recordAnswer(db: Db, applicationId: string): Promise<ApplicationRecordAnswer> {
  const [record] = await applicationRecords(db, [applicationId]);
  return { record: record ?? null };
}

/** The record of one of the caller's applications; 404 when the application is not theirs. */
export async function ownApplicationRecord(
  db: Db,
  user: AuthUser,
  applicationId: string,
): Promise<ApplicationRecordAnswer> {
  const candidate = await requireCandidate(db, user);
  const own = await db
    .selectFrom('job_applications')
    .select('id')
    .where('id', '=', applicationId)
    .where('candidate_id', '=', candidate.id)
    .executeTakeFirst();
  if (!own) throw new HttpProblem(404, APPLICATION_NOT_FOUND);
  return recordAnswer(db, own.id);
}

/** The record of an application to one of the business's jobs the member may see (a hiring manager: their jobs); 404 otherwise. */
export async function businessApplicationRecord(
  db: Db,
  member: Member,
  applicationId: string,
): Promise<ApplicationRecordAnswer> {
  const row = await db
    .selectFrom('job_applications as a')
    .innerJoin('jobs', 'jobs.id', 'a.job_id')
    .select(['a.id', 'a.job_id'])
    .where('a.id', '=', applicationId)
    .where('jobs.business_id', '=', member.business.id)
    .executeTakeFirst();
  if (!row || !(await memberMaySeeJob(db, member, row.job_id))) throw new HttpProblem(404, APPLICATION_NOT_FOUND);
  return recordAnswer(db, row.id);
}

/** How many requirements each of these applications' answers do not meet (the employer's lists; none: absent). */
export async function unmetRequirementCounts(db: Db, applicationIds: string[]): Promise<Map<string, number>> {
  const records = await applicationRecords(db, applicationIds);
  return new Map(records.map((record) => [record.applicationId, record.doesNotMeet.length]));
}
