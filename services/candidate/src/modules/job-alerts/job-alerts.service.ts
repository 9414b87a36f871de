import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import {
  canonicalJobSearch,
  JOB_ALERT_TEXTS,
  type JobAlert,
  type JobAlertLinkResult,
} from '@careers/contracts/job-alerts';
import { quotableEmployerWords } from '@careers/server-kit/employer-words';
import type { MailMessage } from '@careers/server-kit/mail';
import { contactUrl, renderMail } from '@careers/server-kit/mail-layout';
import { HttpProblem } from '@careers/server-kit/problem';
import type { Db } from '../../db';
import { openJob } from '../feeds/open-jobs';
import { searchInWords, searchMatches } from './job-search';

/** The portal pages an alert e-mail's links open, and the API address of its List-Unsubscribe header. */
export const ALERT_CONFIRM_PAGE = '/job-alerts/confirm';
export const ALERT_UNSUBSCRIBE_PAGE = '/job-alerts/unsubscribe';
export const ALERT_UNSUBSCRIBE_API = '/job-alerts/unsubscribe';
export const CONFIRM_MAIL_KIND = 'job alert confirmation';
export const DIGEST_MAIL_KIND = 'job alert';
/** The utm_source of a job link in an alert e-mail (applications count it as the source "alert"). */
export const ALERT_UTM_SOURCE = 'job-alert';
/** At most this many jobs are listed in one e-mail; the button leads to the rest. */
export const DIGEST_MAX_JOBS = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
type TokenPurpose = 'confirm' | 'unsubscribe';
const PREFIX: Record<TokenPurpose, string> = { confirm: 'c1', unsubscribe: 'u1' };

const mac = (secret: string, purpose: TokenPurpose, alertId: string) =>
  createHmac('sha256', secret).update(`job-alert:${purpose}:v1:${alertId}`).digest('base64url');

/**
 * A link token of one alert: its id and an HMAC of it for one purpose. The confirm token dies with the
 * unconfirmed alert (removed at expires_at); the unsubscribe token works as long as the alert exists.
 */
export function alertToken(secret: string, purpose: TokenPurpose, alertId: string): string {
  return `${PREFIX[purpose]}.${alertId}.${mac(secret, purpose, alertId)}`;
}

export function verifyAlertToken(secret: string, purpose: TokenPurpose, token: string): string | null {
  const [prefix, alertId, signature, ...rest] = token.split('.');
  if (prefix !== PREFIX[purpose] || !alertId || !signature || rest.length > 0 || !UUID.test(alertId)) return null;
  const expected = Buffer.from(mac(secret, purpose, alertId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? alertId : null;
}

export interface AlertSettings {
  /** How long an unconfirmed alert waits for its link. */
  confirmWithinMs: number;
  /** At most one digest per this interval (a day). */
  digestIntervalMs: number;
}

export interface SignupSettings extends AlertSettings {
  /** Confirmation e-mails the whole install queues per window, every instance together. */
  confirmationsPerHour: number;
  windowSeconds: number;
}

/** Serializes the install-wide count of confirmation e-mails, so two instances never both take the last one. */
const CONFIRM_CAP_LOCK = 'job-alert-confirm-cap';

/**
 * The install-wide cap on confirmation e-mails (docs/decisions/0493), inside the sign-up's transaction: past
 * it, every sign-up gets 429 whatever its address had (the answer still tells nothing about the address),
 * and the transaction leaves no alert behind.
 */
async function checkConfirmationCap(trx: Db, now: Date, settings: SignupSettings): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${CONFIRM_CAP_LOCK}))`.execute(trx);
  const windowMs = settings.windowSeconds * 1000;
  await trx
    .deleteFrom('job_alert_confirm_sends')
    .where('queued_at', '<=', new Date(now.getTime() - windowMs))
    .execute();
  const counted = await trx
    .selectFrom('job_alert_confirm_sends')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('queued_at').as('oldest')])
    .executeTakeFirstOrThrow();
  if (Number(counted.n) < settings.confirmationsPerHour || counted.oldest === null) return;
  const freedAt = new Date(counted.oldest).getTime() + windowMs;
  throw new HttpProblem(429, JOB_ALERT_TEXTS.tooManyOverall, {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000))) },
  });
}

/**
 * A sign-up (the caller checked the bot check and the limits per address and client; this checks the
 * install's): a new alert waits for its confirmation e-mail's link; an unconfirmed one gets a new e-mail and
 * a new expiry; a confirmed one stays as it is. The answer is the same in every case, so it tells nobody
 * whether the address already had the alert.
 */
export async function signUpForAlert(
  db: Db,
  signup: { email: string; businessId?: string | undefined; search?: string | undefined },
  now: Date,
  settings: SignupSettings,
): Promise<void> {
  const email = signup.email.trim();
  const search = signup.businessId ? null : canonicalJobSearch(signup.search ?? '');
  const businessId = signup.businessId ?? null;
  if (businessId) {
    const business = await db.selectFrom('businesses').select('id').where('id', '=', businessId).executeTakeFirst();
    if (!business) throw new HttpProblem(404, JOB_ALERT_TEXTS.noBusiness);
  }
  const expiresAt = new Date(now.getTime() + settings.confirmWithinMs);
  await db.transaction().execute(async (trx) => {
    await checkConfirmationCap(trx, now, settings);
    // Inserted unless it exists (the unique index on the address and the target); then read under lock.
    await sql`insert into job_alerts (id, email, business_id, search, created_at, expires_at)
      values (${randomUUID()}, ${email}, ${businessId}, ${search}, ${now}, ${expiresAt})
      on conflict (lower(email), coalesce(business_id::text, ''), coalesce(search, '')) do nothing`.execute(trx);
    const alert = await sql<{ id: string; confirmed_at: Date | null }>`
      select id, confirmed_at from job_alerts
      where lower(email) = lower(${email})
        and coalesce(business_id::text, '') = ${businessId ?? ''}
        and coalesce(search, '') = ${search ?? ''}
      for update`.execute(trx);
    const row = alert.rows[0];
    if (!row || row.confirmed_at) return;
    await trx.updateTable('job_alerts').set({ expires_at: expiresAt }).where('id', '=', row.id).execute();
    // One confirmation e-mail waiting at a time.
    const waiting = await trx
      .selectFrom('job_alert_outbox')
      .select('id')
      .where('alert_id', '=', row.id)
      .where('kind', '=', 'confirm')
      .where('sent_at', 'is', null)
      .executeTakeFirst();
    if (waiting) return;
    await trx
      .insertInto('job_alert_outbox')
      .values({ alert_id: row.id, kind: 'confirm', next_attempt_at: now, created_at: now })
      .execute();
    await trx.insertInto('job_alert_confirm_sends').values({ queued_at: now }).execute();
  });
}

/** The words of an alert: "New jobs at Acme" or "Jobs matching "nurse", in Leeds". */
function labelOf(alert: { business_name: string | null; search: string | null }): string {
  return alert.business_name !== null
    ? `New jobs at ${alert.business_name}`
    : `Jobs matching: ${searchInWords(alert.search ?? '')}`;
}

function alertWithBusiness(db: Db) {
  return db
    .selectFrom('job_alerts as a')
    .leftJoin('businesses as b', 'b.id', 'a.business_id')
    .select([
      'a.id',
      'a.email',
      'a.business_id',
      'a.search',
      'a.created_at',
      'a.confirmed_at',
      'a.jobs_since',
      'b.name as business_name',
      sql<string | null>`b.slug`.as('business_slug'),
      'b.image_relative_directory',
    ]);
}

/** The confirmation link, once: the alert starts, and its first digest may go a day later. Idempotent. */
export async function confirmAlert(
  db: Db,
  secret: string,
  token: string,
  now: Date,
  settings: AlertSettings,
): Promise<JobAlertLinkResult> {
  const id = verifyAlertToken(secret, 'confirm', token);
  const alert = id ? await alertWithBusiness(db).where('a.id', '=', id).executeTakeFirst() : undefined;
  if (!id || !alert) throw new HttpProblem(400, JOB_ALERT_TEXTS.invalidLink);
  if (!alert.confirmed_at)
    await db
      .updateTable('job_alerts')
      .set({
        confirmed_at: now,
        expires_at: null,
        jobs_since: now,
        next_digest_at: new Date(now.getTime() + settings.digestIntervalMs),
      })
      .where('id', '=', id)
      .where('confirmed_at', 'is', null)
      .execute();
  return { status: 'confirmed', label: labelOf(alert) };
}

/** The unsubscribe link (a page's one press, or a mail client's RFC 8058 POST): the alert goes. Idempotent. */
export async function unsubscribeAlert(db: Db, secret: string, token: string): Promise<JobAlertLinkResult> {
  const id = verifyAlertToken(secret, 'unsubscribe', token);
  if (!id) throw new HttpProblem(400, JOB_ALERT_TEXTS.invalidLink);
  const alert = await alertWithBusiness(db).where('a.id', '=', id).executeTakeFirst();
  await db.deleteFrom('job_alerts').where('id', '=', id).execute();
  return { status: 'unsubscribed', label: alert ? labelOf(alert) : null };
}

type AlertRow = NonNullable<Awaited<ReturnType<ReturnType<typeof alertWithBusiness>['executeTakeFirst']>>>;

function toJobAlert(row: AlertRow): JobAlert {
  return {
    id: row.id,
    kind: row.business_id ? 'business' : 'search',
    label: labelOf(row),
    businessName: row.business_name,
    search: row.search,
    confirmed: row.confirmed_at !== null,
    createdOn: new Date(row.created_at).toISOString(),
  };
}

/** The alerts of an address (the signed-in candidate's account address), newest first. */
export async function alertsOfAddress(db: Db, email: string): Promise<JobAlert[]> {
  const rows = await alertWithBusiness(db)
    .where(sql<boolean>`lower(a.email) = lower(${email})`)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id')
    .execute();
  return rows.map(toJobAlert);
}

/** Removes one alert of the address; 404 for any other. */
export async function deleteAlertOfAddress(db: Db, email: string, id: string): Promise<void> {
  const result = await db
    .deleteFrom('job_alerts')
    .where('id', '=', id)
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new HttpProblem(404, 'The job alert was not found.');
}

/** Account deletion: every alert of the address goes (their e-mails waiting in the outbox with them). */
export async function deleteAlertsOfAddress(db: Db, email: string): Promise<number> {
  const result = await db
    .deleteFrom('job_alerts')
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Unconfirmed alerts past their expiry go, with their confirmation e-mail if it is still waiting. */
export async function removeExpiredAlerts(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('job_alerts')
    .where('confirmed_at', 'is', null)
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Writes a digest row for every confirmed alert whose day has come, moving its next_digest_at a day on in
 * the same statement: two instances doing this at once lock the same alert rows, and the second sees the
 * moved date and writes nothing (PostgreSQL re-checks the condition of a row it waited for).
 */
export async function scheduleDigests(db: Db, now: Date, intervalMs: number): Promise<number> {
  const next = new Date(now.getTime() + intervalMs);
  const result = await sql<{ id: string }>`
    with due as (
      update job_alerts set next_digest_at = ${next}
      where confirmed_at is not null and next_digest_at <= ${now}
      returning id
    )
    insert into job_alert_outbox (alert_id, kind, jobs_until, next_attempt_at, created_at)
    select id, 'digest', ${now}, ${now}, ${now} from due
    returning id`.execute(db);
  return result.rows.length;
}

/** What one alert e-mail needs: the alert and its business (read when it is sent). */
export function alertDetails(db: Db, alertId: string) {
  return alertWithBusiness(db).where('a.id', '=', alertId).executeTakeFirst();
}

export interface DigestJob {
  id: string;
  title: string;
  city: string | null;
  workplace: string;
  business_name: string;
}

/** The open jobs an alert has not reported yet: posted after jobs_since, up to jobsUntil, newest first. */
export async function newJobsOfAlert(
  db: Db,
  alert: { business_id: string | null; search: string | null; jobs_since: Date | null },
  jobsUntil: Date,
  now: Date,
): Promise<{ jobs: DigestJob[]; total: number }> {
  const since = alert.jobs_since ?? jobsUntil;
  const base = db
    .selectFrom('jobs as j')
    .innerJoin('businesses as b', 'b.id', 'j.business_id')
    .where((eb) => openJob(eb, now))
    .where('j.created_at', '>', since)
    .where('j.created_at', '<=', jobsUntil)
    .where((eb) =>
      alert.business_id !== null ? eb('j.business_id', '=', alert.business_id) : searchMatches(eb, alert.search ?? ''),
    );
  const [jobs, count] = await Promise.all([
    base
      .select(['j.id', 'j.title', 'j.city', 'j.workplace', 'b.name as business_name'])
      .orderBy('j.created_at', 'desc')
      .orderBy('j.id')
      .limit(DIGEST_MAX_JOBS)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { jobs, total: Number(count.n) };
}

interface MailLinks {
  portalUrl: string;
  apiUrl: string;
  secret: string;
  contactEmail?: string | undefined;
}

const EMPLOYER_WORDS_LEFT_OUT = '(left out here because it contains a web address; see it on the portal)';

function alertFooter(alert: AlertRow, links: MailLinks) {
  const token = encodeURIComponent(alertToken(links.secret, 'unsubscribe', alert.id));
  return {
    footer: {
      why: 'You get this e-mail because this address asked for this job alert on the Careers Portal.',
      contactUrl: contactUrl(links.portalUrl, links.contactEmail),
      unsubscribe: {
        url: `${links.portalUrl}${ALERT_UNSUBSCRIBE_PAGE}?token=${token}`,
        accountUrl: `${links.portalUrl}/user-account`,
        label: 'Stop this job alert',
      },
    },
    headers: {
      'List-Unsubscribe': `<${links.apiUrl}${ALERT_UNSUBSCRIBE_API}?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * The alert's words as an e-mail to its proved address quotes them: a search's words (its subscriber's own)
 * and the employer's name only when a mail client cannot make a link of them.
 */
function safeLabel(alert: AlertRow): string {
  if (alert.business_id === null) return quotableEmployerWords(labelOf(alert)) ?? 'New jobs for your saved job search';
  const name = alert.business_name === null ? null : quotableEmployerWords(alert.business_name);
  return name === null ? 'New jobs at a business on the Careers Portal' : `New jobs at ${name}`;
}

/**
 * The first e-mail (double opt-in): nothing more is sent until its link is opened. Its address has proved
 * nothing yet, so it quotes nothing the requester typed (docs/decisions/0493): a search is "a saved job
 * search", and its words are shown on the page the link opens.
 */
export function confirmMail(alert: AlertRow, links: MailLinks, confirmWithinMs: number): MailMessage {
  const token = encodeURIComponent(alertToken(links.secret, 'confirm', alert.id));
  const hours = Math.round(confirmWithinMs / 3_600_000);
  const { footer } = alertFooter(alert, links);
  const isSearch = alert.business_id === null;
  return renderMail({
    to: alert.email,
    kind: CONFIRM_MAIL_KIND,
    subject: 'Confirm your job alert',
    preview: 'One click starts the job alert you asked for.',
    heading: 'Confirm your job alert',
    body: [
      'You asked us to e-mail this address about new jobs:',
      { emphasis: isSearch ? 'New jobs for a saved job search' : safeLabel(alert) },
      ...(isSearch ? ['The portal shows the search once you confirm.'] : []),
      'Confirm, and we send at most one e-mail a day, only when there are new jobs.',
    ],
    button: { label: 'Confirm the job alert', url: `${links.portalUrl}${ALERT_CONFIRM_PAGE}?token=${token}` },
    after: [
      {
        note: `If you did not ask for this, ignore this e-mail: nothing more will be sent, and the request is forgotten in ${hours} hours.`,
      },
    ],
    footer: { why: footer.why, contactUrl: footer.contactUrl },
  });
}

/** Where "See all" leads: the business's careers page, or the saved search on /jobs. */
function allJobsUrl(alert: AlertRow, portalUrl: string): string {
  if (alert.business_id !== null && alert.business_slug)
    return `${portalUrl}/careers/${encodeURIComponent(alert.business_slug)}?utm_source=${ALERT_UTM_SOURCE}`;
  const search = new URLSearchParams(alert.search ?? '');
  search.set('utm_source', ALERT_UTM_SOURCE);
  return `${portalUrl}/jobs?${search.toString()}`;
}

/** A day's e-mail of an alert: the new jobs, each linked to its apply page (tagged as coming from the alert). */
export function digestMail(
  alert: AlertRow,
  found: { jobs: DigestJob[]; total: number },
  links: MailLinks,
  logoUrl?: string,
): MailMessage {
  const { footer, headers } = alertFooter(alert, links);
  const business = alert.business_name === null ? null : quotableEmployerWords(alert.business_name);
  const count = found.total === 1 ? '1 new job' : `${found.total} new jobs`;
  const items = found.jobs.map((job) => {
    const title = quotableEmployerWords(job.title) ?? `A job ${EMPLOYER_WORDS_LEFT_OUT}`;
    const place = job.workplace === 'Remote' ? 'Remote' : (job.city ?? '').trim();
    const by = quotableEmployerWords(job.business_name);
    return {
      label: title,
      url: `${links.portalUrl}/apply/${job.id}?utm_source=${ALERT_UTM_SOURCE}`,
      detail: [by, place].filter(Boolean).join(' · '),
    };
  });
  const more = found.total - found.jobs.length;
  return renderMail({
    to: alert.email,
    kind: DIGEST_MAIL_KIND,
    subject: `${count} for your job alert`,
    preview: safeLabel(alert),
    business: business !== null ? { name: business, logoUrl } : undefined,
    heading: count.charAt(0).toUpperCase() + count.slice(1),
    body: [
      `${safeLabel(alert)}, since our last e-mail:`,
      { links: items },
      ...(more > 0 ? [`And ${more} more.`] : []),
      { note: 'Job titles and business names are the employers’ own words.' },
    ],
    button: { label: 'See all the jobs', url: allJobsUrl(alert, links.portalUrl) },
    footer,
    headers,
  });
}
