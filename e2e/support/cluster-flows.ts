/**
 * What candidates and employers do, over HTTP through the cluster's nginx (see cluster.ts), each call
 * from a chosen client address. The same calls the portal makes; no shortcut into a database.
 */
import { randomUUID } from 'node:crypto';
import { servicesClient } from '@careers/test-support/api-client';
import { solveBotCheck } from '@careers/test-support/bot-check';
import { createEmployer, JOB_FIELDS } from '@careers/test-support/employer';
import { pdfWithText } from '@careers/test-support/fixtures';
import type { Fetch } from '@careers/test-support/http';
import { call, sleep, type Answer, type CallOptions, type Cluster } from './cluster';
import type { MailSink, SinkMessage } from './mail-sink';
import { WAIT_MS } from './waits';

/** Fails with the answer unless its status is one of `ok`. */
export function expectStatus(what: string, answer: Answer, ok: number[] = [200]): Answer {
  if (!ok.includes(answer.status))
    throw new Error(
      `${what} answered ${answer.status} (via ${answer.upstream ?? '?'}): ${answer.text().slice(0, 400)}`,
    );
  return answer;
}

/** A solved ALTCHA payload, as the portal's widget sends it. */
export async function botToken(cluster: Cluster, from?: string): Promise<string> {
  const c = expectStatus(
    'bot-check challenge',
    await call(`${cluster.identityUrl}/api/bot-check/challenge`, { from }),
  ).json<{
    algorithm: string;
    challenge: string;
    salt: string;
    signature: string;
    maxnumber?: number;
  }>();
  return solveBotCheck(c);
}

/** fetch through the cluster's `call`, from a chosen client address: how test-support's client reaches nginx here. */
export function clusterFetch(from?: string): Fetch {
  return async (input, init = {}) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = init.body;
    const options: CallOptions = { from, method: init.method, headers };
    if (body instanceof FormData) {
      delete headers['content-type'];
      options.form = body;
    } else if (typeof body === 'string') {
      // `call` sets the content type and length of a JSON body itself.
      options.json = JSON.parse(body);
    } else if (body != null) {
      throw new Error('clusterFetch sends JSON or a form only');
    }
    const answer = await call(String(input), options);
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
    return new Response(answer.status === 204 || answer.status === 304 ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers: responseHeaders,
    });
  };
}

export function messagesTo(mail: MailSink, address: string, since = 0): SinkMessage[] {
  const lower = address.toLowerCase();
  return mail.messages().filter((m) => m.id > since && m.envelopeTo.includes(lower));
}

export function mailMark(mail: MailSink): number {
  return mail.messages().at(-1)?.id ?? 0;
}

export async function waitForMessage(
  mail: MailSink,
  address: string,
  since: number,
  match: (m: SinkMessage) => boolean,
  timeoutMs = WAIT_MS,
): Promise<SinkMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = messagesTo(mail, address, since).filter(match).at(-1);
    if (found) return found;
    await sleep(100);
  }
  throw new Error(`no matching e-mail to ${address} within ${timeoutMs} ms`);
}

export interface Employer {
  accessToken: string;
  businessId: string;
}

export async function newEmployer(cluster: Cluster, from?: string): Promise<Employer> {
  const client = servicesClient(
    { identityUrl: cluster.identityUrl, candidateUrl: cluster.candidateUrl },
    clusterFetch(from),
  );
  const employer = await createEmployer(client, {
    label: 'cluster-employer',
    business: { name: `Cluster Business ${randomUUID().slice(0, 8)}` },
    // The address is proved through the e-mailed reset link, which then sets the password.
    resetLink: async (email, send) => {
      const since = mailMark(cluster.mail);
      await send();
      return (
        await waitForMessage(cluster.mail, email, since, (m) => m.links.some((l) => l.includes('/account/reset/')))
      ).links.find((l) => l.includes('/account/reset/'))!;
    },
  });
  return { accessToken: employer.token, businessId: employer.business.id };
}

export { JOB_FIELDS };

export async function createJob(cluster: Cluster, employer: Employer, title: string): Promise<string> {
  return expectStatus(
    'creating a job',
    await call(`${cluster.candidateUrl}/business/jobs`, {
      token: employer.accessToken,
      json: { title, ...JOB_FIELDS },
    }),
  ).json<{ id: string }>().id;
}

export interface Applicant {
  email: string;
  name: string;
  cvId: string;
  cv: Buffer;
  applicationId: string;
  /** Which instance answered each step. */
  servedBy: string[];
}

/**
 * The portal's apply-as-a-new-candidate path: bot check and registration, the candidate record, the
 * CV upload, the application. Every answer must be 200.
 */
export async function signUpAndApply(
  cluster: Cluster,
  jobId: string,
  options: { from?: string; label?: string } = {},
): Promise<Applicant> {
  const id = randomUUID().slice(0, 8);
  const email = `${options.label ?? 'cluster'}-${id}@example.com`;
  const name = `Cluster Candidate ${id}`;
  const o: CallOptions = { from: options.from };
  const servedBy: string[] = [];
  const step = (what: string, answer: Answer) => {
    servedBy.push(cluster.instanceAt(answer.upstream) ?? '?');
    return expectStatus(`${what} (${email})`, answer);
  };
  const token = await botToken(cluster, options.from);
  const registered = step(
    'registration',
    await call(`${cluster.identityUrl}/api/register/candidate-user`, {
      ...o,
      json: { name, email, phone: '07700 900123', password: `Cv-${randomUUID()}`, token },
    }),
  ).json<{ succeeded: boolean; accessToken: string | null }>();
  if (!registered.succeeded || !registered.accessToken) throw new Error(`registration of ${email} did not succeed`);
  const access = registered.accessToken;
  step(
    'creating the candidate',
    await call(`${cluster.candidateUrl}/candidate`, {
      ...o,
      token: access,
      json: { name, email, phoneNumber: '07700 900123', postcode: 'LS1 4DY' },
    }),
  );
  const cv = pdfWithText([`Curriculum vitae: ${name}`, `Reference ${id}`, 'Experience: running clusters.']);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(cv)], { type: 'application/pdf' }), `cv-${id}.pdf`);
  const { cvId } = step(
    'uploading the CV',
    await call(`${cluster.candidateUrl}/cvs`, { ...o, token: access, form }),
  ).json<{ cvId: string }>();
  const applied = step(
    'applying',
    await call(`${cluster.candidateUrl}/job-applications`, {
      ...o,
      token: access,
      json: { jobId, cvId, readyToWork: true },
    }),
  ).json<{
    result: { applicationId: string } | null;
    isValidResponse: boolean;
  }>();
  if (!applied.isValidResponse || !applied.result) throw new Error(`applying failed for ${email}`);
  return { email, name, cvId, cv, applicationId: applied.result.applicationId, servedBy };
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  servedBy: string[];
}

/** Sends a sign-in code; the answer as it came (200 or 429). */
export function sendCode(cluster: Cluster, email: string, from?: string): Promise<Answer> {
  return call(`${cluster.identityUrl}/api/account/send-verification-code`, { from, json: { email } });
}

/** verify-code with a fresh bot-check payload, or the one given. */
export async function verifyCode(
  cluster: Cluster,
  email: string,
  code: string,
  from?: string,
  token?: string,
): Promise<Answer> {
  return call(`${cluster.identityUrl}/api/account/verify-code`, {
    from,
    json: { email, code, token: token ?? (await botToken(cluster, from)) },
  });
}

/** Sign in by the e-mailed code: send it, read it from the mailbox, verify it. */
export async function signInByCode(cluster: Cluster, email: string, from?: string): Promise<Session> {
  const since = mailMark(cluster.mail);
  const sent = expectStatus(`sending a code to ${email}`, await sendCode(cluster, email, from));
  const message = await waitForMessage(cluster.mail, email, since, (m) => m.code !== null);
  const verified = expectStatus(`verify-code for ${email}`, await verifyCode(cluster, email, message.code!, from));
  const auth = verified.json<{ accessToken: string | null; refreshToken: string | null }>();
  if (!auth.accessToken || !auth.refreshToken) throw new Error(`verify-code for ${email} gave no tokens`);
  return {
    accessToken: auth.accessToken,
    refreshToken: auth.refreshToken,
    servedBy: [sent, verified].map((a) => cluster.instanceAt(a.upstream) ?? '?'),
  };
}

export function jwtHeader(token: string): { kid?: string; alg?: string } {
  return JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as { kid?: string; alg?: string };
}
