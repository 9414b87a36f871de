/**
 * Demo employers, logos and jobs, created through the real APIs: business users register at the
 * identity service (with a solved bot-check challenge), then use the candidate service's employer API.
 * Idempotent: what already exists (matched by e-mail, business and job title) is reused.
 */
import type { CreateJob } from '@careers/contracts/employer';
import { botCheckToken } from '@careers/test-support/bot-check';
import { callApi as call } from '@careers/test-support/http';
import { initialsLogo } from './demo-logo';

export interface SeedOptions {
  identityUrl: string;
  candidateUrl: string;
  portalUrl: string;
  /** Only list the demo links when demo data exists already (npm start); create nothing then. */
  onlyIfEmpty: boolean;
  /** The reset link e-mailed to an address, where there is no dev outbox (the bench reads its SMTP sink). */
  resetLink?: (email: string) => Promise<string>;
}

/** Demo accounts only exist on local, embedded setups; the password is not a secret. */
export const DEMO_PASSWORD = 'demo-employer-2026';

interface DemoBusiness {
  email: string;
  name: string;
  initials: string;
  color: [number, number, number];
  city: string;
  phone: string;
  domain: string;
  jobs: CreateJob[];
}

export const DEMO_BUSINESSES: DemoBusiness[] = [
  {
    email: 'demo-northwind@careers.localhost',
    name: 'Northwind Logistics',
    initials: 'NL',
    color: [30, 90, 160],
    city: 'Leeds',
    phone: '0113 496 0000',
    domain: 'northwind',
    jobs: [
      {
        title: 'Warehouse Operative',
        description: 'Pick, pack and dispatch orders in our Leeds distribution centre. Forklift training provided.',
        city: 'Leeds',
        postcode: 'LS10 1AB',
        addressLine1: 'Unit 4, Aire Valley Park',
        latitude: 53.78,
        longitude: -1.53,
        jobType: 1,
        fullTime: true,
        salaryRateType: 1,
        salaryFrom: 12.5,
        salaryTo: 14,
        salaryCurrency: 'GBP',
      },
      {
        title: 'Transport Planner',
        description: 'Plan daily routes for a fleet of 40 vehicles and keep customers informed.',
        city: 'Leeds',
        postcode: 'LS1 4AP',
        jobType: 1,
        salaryRateType: 3,
        salaryFrom: 32000,
        salaryTo: 38000,
        salaryCurrency: 'GBP',
      },
      {
        title: 'HGV Class 1 Driver',
        description: 'Three-month contract, nights, trunking between Leeds and Birmingham.',
        city: 'Leeds',
        jobType: 2,
        salaryRateType: 2,
        salaryAmount: 180,
        salaryCurrency: 'GBP',
      },
    ],
  },
  {
    email: 'demo-bluebell@careers.localhost',
    name: 'Bluebell Care',
    initials: 'BC',
    color: [110, 70, 170],
    city: 'Bristol',
    phone: '0117 496 0000',
    domain: 'bluebell',
    jobs: [
      {
        title: 'Care Assistant',
        description: 'Support residents with daily living in a friendly 30-bed home. Part time, flexible shifts.',
        city: 'Bristol',
        postcode: 'BS1 5TR',
        jobType: 1,
        partTime: true,
        fullTime: false,
        salaryRateType: 1,
        salaryAmount: 11.8,
        salaryCurrency: 'GBP',
      },
      {
        title: 'Registered Nurse',
        description: 'Lead a small team on days; NMC registration required.',
        city: 'Bristol',
        jobType: 1,
        salaryRateType: 3,
        salaryFrom: 36000,
        salaryTo: 42000,
        salaryNegotiable: true,
        salaryCurrency: 'GBP',
      },
      {
        title: 'Care Coordinator',
        description: 'This position has been filled.',
        city: 'Bristol',
        isLive: false,
        jobType: 1,
        salaryRateType: 0,
      },
    ],
  },
  {
    email: 'demo-forge@careers.localhost',
    name: 'Forge and Field',
    initials: 'FF',
    color: [200, 90, 40],
    city: 'Manchester',
    phone: '0161 496 0000',
    domain: 'forgeandfield',
    jobs: [
      {
        title: 'Frontend Developer',
        description: 'React and TypeScript for our farm-to-table marketplace. Fully remote within the UK.',
        city: 'Manchester',
        remote: true,
        jobType: 2,
        salaryRateType: 2,
        salaryFrom: 450,
        salaryTo: 550,
        salaryCurrency: 'GBP',
      },
      {
        title: 'Marketing Executive',
        description: 'Plan campaigns across social and e-mail; two days a week in our Ancoats office.',
        city: 'Manchester',
        postcode: 'M4 6DE',
        jobType: 1,
        salaryRateType: 3,
        salaryAmount: 28000,
        salaryCurrency: 'GBP',
      },
    ],
  },
];

function fail(what: string, res: { status: number; body: unknown }): never {
  throw new Error(`${what} failed: HTTP ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * The demo employer's session, or null when the account does not exist yet. Whether it exists is asked
 * first (a look-up, not a login): a password login for a missing account would count as a failed login,
 * for the address and for this client, which on a local start is the same loopback client as the
 * newcomer's browser, so the seed itself would make their first employer login ask for the bot check.
 */
export async function logIn(identityUrl: string, email: string): Promise<string | null> {
  const exists = await call(`${identityUrl}/api/user/email-exists/${encodeURIComponent(email)}`);
  if (exists.status === 404) return null;
  if (exists.status !== 200) fail(`looking up ${email}`, exists);
  const res = await call<{ accessToken: string | null }>(`${identityUrl}/api/account/login`, {
    method: 'POST',
    // A solved bot check each time, so that a login never waits on one.
    json: { email, password: DEMO_PASSWORD, token: await botCheckToken(identityUrl) },
  });
  if (res.status === 200 && res.body.accessToken) return res.body.accessToken;
  // The account exists without the demo password: an earlier seed stopped before setting it.
  if (res.status === 401) return null;
  return fail(`log-in of ${email}`, res);
}

/**
 * Jobs need a proved address, so the demo employers prove theirs the real way. The first proof drops a
 * password set before it (whoever registered may not own the mailbox), so they prove it through the
 * password-reset link, which proves the mailbox and then sets the password: read from the dev outbox (the
 * embedded default). With SMTP the outbox does not exist: reset the demo passwords through the e-mailed
 * links, then run the seed again.
 */
async function proveByResetLink(
  identityUrl: string,
  email: string,
  resetLink?: SeedOptions['resetLink'],
): Promise<void> {
  const asked = await call(`${identityUrl}/api/account/forgot-password`, {
    method: 'POST',
    json: { email, portalType: 'Business' },
  });
  if (asked.status !== 200) fail(`asking for a reset link for ${email}`, asked);
  const tokenIn = (text: string | undefined) => text?.match(/\/account\/reset\/[^/\s]+\/([^\s]+)/)?.[1];
  const reset = async (token: string) => {
    const res = await call<{ succeeded: boolean }>(`${identityUrl}/api/account/reset-password`, {
      method: 'POST',
      json: { email, token: decodeURIComponent(token), password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
    });
    if (res.status !== 200 || !res.body.succeeded) fail(`setting the password of ${email}`, res);
  };
  if (resetLink) {
    const token = tokenIn(await resetLink(email));
    if (!token) throw new Error(`the reset link e-mailed to ${email} holds no token`);
    return reset(token);
  }
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const res = await call<{ to: string; kind: string; text: string }[]>(`${identityUrl}/dev/outbox`);
    if (res.status === 404)
      throw new Error(
        `no dev outbox at ${identityUrl}: set the password of ${email} through the link e-mailed to it, then seed again`,
      );
    if (res.status !== 200) fail('reading the dev outbox', res);
    const mail = res.body.find((m) => m.to.toLowerCase() === email.toLowerCase() && m.kind === 'password-reset-link');
    const token = tokenIn(mail?.text);
    if (token) return reset(token);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no password-reset e-mail to ${email} in the dev outbox`);
}

async function registerOrLogIn(
  identityUrl: string,
  demo: DemoBusiness,
  resetLink?: SeedOptions['resetLink'],
): Promise<string> {
  const existing = await logIn(identityUrl, demo.email);
  if (existing) return existing;
  const res = await call<{ succeeded: boolean; accessToken: string | null }>(
    `${identityUrl}/api/register/business-user`,
    {
      method: 'POST',
      json: {
        name: demo.name,
        email: demo.email,
        phone: demo.phone,
        password: DEMO_PASSWORD,
        token: await botCheckToken(identityUrl),
      },
    },
  );
  if (res.status !== 200 || !res.body.succeeded || !res.body.accessToken) fail(`registration of ${demo.email}`, res);
  await proveByResetLink(identityUrl, demo.email, resetLink);
  // A new sign-in: the registration's session ended with the proof.
  return (
    (await logIn(identityUrl, demo.email)) ??
    fail(`log-in of ${demo.email} after proving the address`, { status: 401, body: null })
  );
}

interface Job {
  id: string;
  title: string;
  isLive: boolean;
}

async function ensureBusiness(options: SeedOptions, demo: DemoBusiness, token: string): Promise<Job[]> {
  const base = options.candidateUrl;
  const existing = await call(`${base}/business`, { token });
  if (existing.status === 404) {
    const created = await call(`${base}/business`, {
      method: 'POST',
      token,
      json: { name: demo.name, city: demo.city, phone: demo.phone, domain: demo.domain },
    });
    if (created.status !== 200) fail(`creating ${demo.name}`, created);
  } else if (existing.status !== 200) {
    fail(`reading ${demo.name}`, existing);
  }
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(initialsLogo(demo.initials, demo.color))], { type: 'image/png' }),
    'logo.png',
  );
  const logo = await call(`${base}/business/logo`, { method: 'POST', token, body: form });
  if (logo.status !== 200) fail(`logo of ${demo.name}`, logo);

  // A demo business has a handful of jobs: one page of the employer's list holds them all.
  const listed = await call<Job[]>(`${base}/business/jobs?pageSize=100`, { token });
  if (listed.status !== 200) fail(`jobs of ${demo.name}`, listed);
  // The employer API lists newest first; links read better in the order the jobs were created.
  const jobs = [...listed.body].reverse();
  for (const job of demo.jobs) {
    if (jobs.some((j) => j.title === job.title)) continue;
    const created = await call<Job>(`${base}/business/jobs`, { method: 'POST', token, json: job });
    if (created.status !== 200) fail(`job ${job.title}`, created);
    jobs.push(created.body);
  }
  return jobs;
}

async function existingJobs(options: SeedOptions, token: string): Promise<Job[] | null> {
  const res = await call<Job[]>(`${options.candidateUrl}/business/jobs?pageSize=100`, { token });
  return res.status === 200 && res.body.length > 0 ? [...res.body].reverse() : null;
}

function links(options: SeedOptions, business: string, jobs: Job[]): string[] {
  return jobs.map(
    (j) => `${options.portalUrl}/apply/${j.id}   ${j.title} at ${business}${j.isLive ? '' : ' (closed)'}`,
  );
}

export async function seedDemo(options: SeedOptions): Promise<string[]> {
  const out: string[] = [];
  if (options.onlyIfEmpty) {
    // The first demo employer is the marker: when it has jobs, the demo data exists; list, create nothing.
    const [first] = DEMO_BUSINESSES;
    const token = first ? await logIn(options.identityUrl, first.email) : null;
    if (token && (await existingJobs(options, token))) {
      for (const demo of DEMO_BUSINESSES) {
        const t = await logIn(options.identityUrl, demo.email);
        const jobs = t ? await existingJobs(options, t) : null;
        if (jobs) out.push(...links(options, demo.name, jobs));
      }
      return out;
    }
  }
  for (const demo of DEMO_BUSINESSES) {
    const token = await registerOrLogIn(options.identityUrl, demo, options.resetLink);
    out.push(...links(options, demo.name, await ensureBusiness(options, demo, token)));
  }
  return out;
}
