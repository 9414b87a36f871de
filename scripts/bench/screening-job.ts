/**
 * `npm run bench`'s second apply page: a job with screening questions, at a business that offers to keep
 * applications for its other roles, with a reply promise. The demo jobs have none of these, and the questions
 * are a chunk of their own that the server renders with the page (docs/decisions/0495).
 */
import type { CreateJob } from '@careers/contracts/employer';
import { callApi as call } from '@careers/test-support/http';
import { DEMO_BUSINESSES, logIn } from '../seed-demo';

const SCREENING_JOB: CreateJob = {
  title: 'Night Care Assistant',
  description: 'Support residents through the night in a friendly 30-bed home. Full training given.',
  city: 'Bristol',
  postcode: 'BS1 5TR',
  jobType: 1,
  fullTime: true,
  partTime: false,
  salaryRateType: 1,
  salaryAmount: 12.6,
  salaryCurrency: 'GBP',
  salaryNegotiable: false,
  isLive: true,
  replyWithinDays: 7,
  screeningQuestions: [
    { id: 'licence', kind: 'yesNo', text: 'Do you hold a full driving licence?', required: true, expected: true },
    { id: 'shift', kind: 'oneOf', text: 'Which nights suit you?', required: true, options: ['Weekdays', 'Weekends'] },
    { id: 'years', kind: 'number', text: 'How many years have you worked in care?', required: false, min: 1 },
    { id: 'notes', kind: 'text', text: 'Anything we should know?', required: false },
  ],
};

/** Creates the job at the second demo business (seeded first), which then offers its talent pool; its id. */
export async function screeningBenchJob(identityUrl: string, candidateUrl: string): Promise<string> {
  const demo = DEMO_BUSINESSES[1];
  const token = demo ? await logIn(identityUrl, demo.email) : null;
  if (!token) throw new Error('the demo business for the screening job is not seeded');
  const retention = await call(`${candidateUrl}/business/retention`, {
    method: 'PUT',
    token,
    json: { country: 'UK', poolDays: 365 },
  });
  if (retention.status !== 200) throw new Error(`the talent pool was not offered (HTTP ${retention.status})`);
  const job = await call<{ id: string }>(`${candidateUrl}/business/jobs`, {
    method: 'POST',
    token,
    json: SCREENING_JOB,
  });
  if (job.status !== 200) throw new Error(`the screening job was not created (HTTP ${job.status})`);
  return job.body.id;
}

/**
 * Throws unless the page came rendered by the server (its JobPosting and, for the screening job, its
 * questions). Asked first after the stack starts, so a page that renders only from its second request, as the
 * screening job's did, is not timed as a browser-rendered page.
 */
export async function expectServerRendered(url: string, withQuestions: boolean): Promise<void> {
  const html = await (await fetch(url)).text();
  const missing = [
    ...(html.includes('"@type":"JobPosting"') ? [] : ['its JobPosting']),
    ...(withQuestions && !html.includes('class="screening"') ? ['its screening questions'] : []),
  ];
  if (missing.length > 0) throw new Error(`${url} was not rendered by the server: ${missing.join(' and ')} missing`);
}
