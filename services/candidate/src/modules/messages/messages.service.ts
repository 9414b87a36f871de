import { randomUUID } from 'node:crypto';
import {
  MESSAGE_MAX,
  TEMPLATES_PER_BUSINESS,
  fillMessageFields,
  type Message,
  type MessageTemplate,
  type MessageThread,
  type SaveMessageTemplate,
  type SendMessage,
} from '@careers/contracts/messages';
import type { AuthUser } from '@careers/server-kit/bearer-auth';
import { HttpProblem } from '@careers/server-kit/problem';
import { productMetrics } from '@careers/server-kit/metrics';
import type { Db } from '../../db';
import { requireCandidate, statusEmailsOn } from '../candidates/candidates.service';
import { memberMaySeeJob, type Member } from '../team/team.service';
import { recordEmployerEvent } from '../employer-notifications/employer-notifications.service';
import {
  businessSentSince,
  countTemplates,
  findTemplate,
  findThreadApplication,
  hasUnreadFrom,
  insertMessage,
  lockBusinessMessages,
  markRead,
  messagesOfCandidateApplications,
  queueNotice,
  sentSince,
  templateNamed,
  templatesOf,
  threadOf,
  unreadRepliesOf,
  unreadRepliesOfJob,
  type MessageRow,
  type ThreadApplication,
} from './messages.repository';

/** The kind of the candidate's "a message is waiting" e-mail, as logs and metrics name it. */
export const MESSAGE_NOTICE_KIND = 'message notice';

export const APPLICATION_NOT_FOUND = 'The application was not found.';
export const TEMPLATE_NOT_FOUND = 'The template was not found.';
export const WITHDRAWN = 'The candidate has withdrawn this application: no more messages can be sent in it.';
export const WITHDRAWN_OWN = 'You have withdrawn this application: no more messages can be sent in it.';
export const REPLY_ONLY = 'You can reply here once the employer has written to you.';
export const TEMPLATE_NAME_TAKEN = 'Your business already has a template with this name.';
export const TOO_MANY_TEMPLATES = `A business can keep at most ${TEMPLATES_PER_BUSINESS} templates. Delete one first.`;
export const FILLED_TOO_LONG = `With its fields filled in, the message is longer than ${MESSAGE_MAX.toLocaleString('en-GB')} characters. Shorten it.`;

const HOUR_MS = 60 * 60 * 1000;

/**
 * How much may be written (docs/decisions/0423): far above a conversation, far below a script. Per thread an
 * hour for each side; per business an hour for its whole team (each of its first messages may be an e-mail).
 */
export const MESSAGE_LIMITS = {
  employerPerThread: {
    limit: 20,
    detail: 'Your team has sent 20 messages in this application in the last hour. Try again later.',
  },
  candidatePerThread: {
    limit: 10,
    detail: 'You have sent 10 messages in this application in the last hour. Try again later.',
  },
  perBusiness: { limit: 300, detail: 'Your team has sent 300 messages in the last hour. Try again later.' },
} as const;

/** 429 with Retry-After (when the oldest counted message leaves the hour) once a limit is reached. */
function enforce(limit: { limit: number; detail: string }, use: { count: number; oldest: Date | null }, now: Date) {
  if (use.count < limit.limit) return;
  const freeAt = (use.oldest?.getTime() ?? now.getTime()) + HOUR_MS;
  const retryAfter = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
  throw new HttpProblem(429, limit.detail, { headers: { 'Retry-After': String(retryAfter) } });
}

const toMessage = (row: MessageRow, forBusiness: boolean): Message => ({
  id: row.id,
  from: row.sender,
  ...(forBusiness ? { authorName: row.author_name } : {}),
  body: row.body,
  sentOn: row.created_at.toISOString(),
  readOn: row.read_at ? row.read_at.toISOString() : null,
});

function thread(rows: MessageRow[], side: 'employer' | 'candidate', canWrite: boolean): MessageThread {
  const other = side === 'employer' ? 'candidate' : 'employer';
  return {
    messages: rows.map((row) => toMessage(row, side === 'employer')),
    unread: rows.filter((row) => row.sender === other && row.read_at === null).length,
    canWrite,
  };
}

const candidateMayWrite = (application: ThreadApplication, rows: MessageRow[]) =>
  application.withdrawn_at === null && rows.some((row) => row.sender === 'employer');

// ---- The candidate's side ----

async function requireOwnApplication(db: Db, candidateId: string, applicationId: string, lock = false) {
  const application = await findThreadApplication(db, { candidateId }, applicationId, lock);
  if (!application) throw new HttpProblem(404, APPLICATION_NOT_FOUND);
  return application;
}

/** The thread of one of the caller's applications, oldest first; reading it does not mark it read (markOwnThreadRead does). */
export async function ownThread(db: Db, user: AuthUser, applicationId: string): Promise<MessageThread> {
  const candidate = await requireCandidate(db, user);
  const application = await requireOwnApplication(db, candidate.id, applicationId);
  const rows = await threadOf(db, application.id);
  return thread(rows, 'candidate', candidateMayWrite(application, rows));
}

/** The candidate read the employer's messages (the portal says so once it has shown them). */
export async function markOwnThreadRead(db: Db, user: AuthUser, applicationId: string, now = new Date()) {
  const candidate = await requireCandidate(db, user);
  const application = await requireOwnApplication(db, candidate.id, applicationId);
  await markRead(db, application.id, 'employer', now);
  return ownThread(db, user, applicationId);
}

/** The candidate's reply: only in a thread the employer started, never after a withdrawal; limited per hour. */
export async function replyAsCandidate(
  db: Db,
  user: AuthUser,
  applicationId: string,
  body: SendMessage,
  now = new Date(),
): Promise<MessageThread> {
  const candidate = await requireCandidate(db, user);
  await db.transaction().execute(async (trx) => {
    const application = await requireOwnApplication(trx, candidate.id, applicationId, true);
    if (application.withdrawn_at) throw new HttpProblem(409, WITHDRAWN_OWN);
    const rows = await threadOf(trx, application.id);
    if (!rows.some((row) => row.sender === 'employer')) throw new HttpProblem(409, REPLY_ONLY);
    enforce(
      MESSAGE_LIMITS.candidatePerThread,
      await sentSince(trx, application.id, 'candidate', new Date(now.getTime() - HOUR_MS)),
      now,
    );
    await insertMessage(trx, {
      id: randomUUID(),
      application_id: application.id,
      sender: 'candidate',
      author_user_id: null,
      author_name: null,
      body: body.body,
      created_at: now,
      read_at: null,
    });
    // Replying is reading: what the employer wrote before is read now.
    await markRead(trx, application.id, 'employer', now);
    await recordEmployerEvent(trx, { kind: 'candidateReply', applicationId: application.id, now });
  });
  return ownThread(db, user, applicationId);
}

// ---- The employer's side ----

/** An application of the member's business they may see (a hiring manager: their jobs only); 404 otherwise. */
async function requireMemberApplication(db: Db, member: Member, applicationId: string, lock = false) {
  const application = await findThreadApplication(db, { businessId: member.business.id }, applicationId, lock);
  if (!application || !(await memberMaySeeJob(db, member, application.job_id)))
    throw new HttpProblem(404, APPLICATION_NOT_FOUND);
  return application;
}

export async function businessThread(db: Db, member: Member, applicationId: string): Promise<MessageThread> {
  const application = await requireMemberApplication(db, member, applicationId);
  return thread(await threadOf(db, application.id), 'employer', application.withdrawn_at === null);
}

/** A member read the candidate's replies: read for the whole team. */
export async function markBusinessThreadRead(db: Db, member: Member, applicationId: string, now = new Date()) {
  const application = await requireMemberApplication(db, member, applicationId);
  await markRead(db, application.id, 'candidate', now);
  return businessThread(db, member, applicationId);
}

/**
 * A member writes to the candidate: the fields filled in (from scratch or from a template), limited per
 * thread and per business, and the candidate's notice queued when the thread goes from read to unread.
 */
export async function sendAsEmployer(
  db: Db,
  member: Member,
  applicationId: string,
  body: SendMessage,
  now = new Date(),
): Promise<MessageThread> {
  await db.transaction().execute(async (trx) => {
    const application = await requireMemberApplication(trx, member, applicationId, true);
    if (application.withdrawn_at) throw new HttpProblem(409, WITHDRAWN);
    if (body.templateId && !(await findTemplate(trx, member.business.id, body.templateId)))
      throw new HttpProblem(404, TEMPLATE_NOT_FOUND);
    const text = fillMessageFields(body.body, {
      candidateName: application.candidate_name,
      jobTitle: application.job_title,
      businessName: application.business_name,
    }).trim();
    if (text.length > MESSAGE_MAX) throw new HttpProblem(400, FILLED_TOO_LONG, { errors: [FILLED_TOO_LONG] });
    const since = new Date(now.getTime() - HOUR_MS);
    enforce(MESSAGE_LIMITS.employerPerThread, await sentSince(trx, application.id, 'employer', since), now);
    await lockBusinessMessages(trx, member.business.id);
    enforce(MESSAGE_LIMITS.perBusiness, await businessSentSince(trx, member.business.id, since), now);
    const id = randomUUID();
    await insertMessage(trx, {
      id,
      application_id: application.id,
      sender: 'employer',
      author_user_id: member.userId,
      author_name: member.displayName,
      body: text,
      created_at: now,
      read_at: null,
    });
    // Writing is reading: the candidate's replies before it are read now.
    await markRead(trx, application.id, 'candidate', now);
    // One notice per stretch of unread messages (docs/decisions/0422): none while an earlier one is unread.
    if (
      !(await hasUnreadFrom(trx, application.id, 'employer', id)) &&
      (await statusEmailsOn(trx, application.candidate_id))
    ) {
      await queueNotice(trx, id, now);
      productMetrics.emailsQueued().inc({ kind: MESSAGE_NOTICE_KIND });
    }
  });
  return businessThread(db, member, applicationId);
}

/** Unread replies per application (the job's applications list) and in all of a job's applications. */
export { unreadRepliesOf, unreadRepliesOfJob };

// ---- Templates ----

const toTemplate = (row: { id: string; name: string; body: string; updated_at: Date }): MessageTemplate => ({
  id: row.id,
  name: row.name,
  body: row.body,
  updatedOn: row.updated_at.toISOString(),
});

export async function listTemplates(db: Db, member: Member): Promise<MessageTemplate[]> {
  return (await templatesOf(db, member.business.id)).map(toTemplate);
}

export async function createTemplate(db: Db, member: Member, input: SaveMessageTemplate): Promise<MessageTemplate> {
  return db.transaction().execute(async (trx) => {
    await lockBusinessMessages(trx, member.business.id);
    if ((await countTemplates(trx, member.business.id)) >= TEMPLATES_PER_BUSINESS)
      throw new HttpProblem(409, TOO_MANY_TEMPLATES);
    if (await templateNamed(trx, member.business.id, input.name)) throw new HttpProblem(409, TEMPLATE_NAME_TAKEN);
    const now = new Date();
    const row = {
      id: randomUUID(),
      business_id: member.business.id,
      name: input.name,
      body: input.body,
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto('message_templates').values(row).execute();
    return toTemplate(row);
  });
}

export async function updateTemplate(
  db: Db,
  member: Member,
  id: string,
  input: SaveMessageTemplate,
): Promise<MessageTemplate> {
  return db.transaction().execute(async (trx) => {
    await lockBusinessMessages(trx, member.business.id);
    if (!(await findTemplate(trx, member.business.id, id))) throw new HttpProblem(404, TEMPLATE_NOT_FOUND);
    if (await templateNamed(trx, member.business.id, input.name, id)) throw new HttpProblem(409, TEMPLATE_NAME_TAKEN);
    const now = new Date();
    await trx
      .updateTable('message_templates')
      .set({ name: input.name, body: input.body, updated_at: now })
      .where('id', '=', id)
      .where('business_id', '=', member.business.id)
      .execute();
    return toTemplate({ id, name: input.name, body: input.body, updated_at: now });
  });
}

export async function deleteTemplate(db: Db, member: Member, id: string): Promise<{ id: string }> {
  const result = await db
    .deleteFrom('message_templates')
    .where('id', '=', id)
    .where('business_id', '=', member.business.id)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new HttpProblem(404, TEMPLATE_NOT_FOUND);
  return { id };
}

// ---- The data export ----

/** messages.json of the data export: the messages of these applications of the candidate, oldest first. */
export async function candidateMessagesSlice(db: Db, candidateId: string, applicationIds: string[]) {
  const rows = await messagesOfCandidateApplications(db, candidateId, applicationIds);
  return rows.map((row) => ({
    applicationId: row.application_id,
    jobTitle: row.title,
    businessName: row.name,
    from: row.sender === 'candidate' ? 'you' : 'employer',
    body: row.body,
    sentOn: row.created_at.toISOString(),
    readOn: row.read_at ? new Date(row.read_at).toISOString() : null,
  }));
}
