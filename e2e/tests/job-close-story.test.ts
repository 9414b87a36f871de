/**
 * Closing a job tells the candidate one story (docs/decisions/0547) in the browser: a candidate has booked an
 * interview; the employer closes the job in the console (1280 and 360 px), must choose what happens to the
 * interview, chooses "Cancel it and tell the candidate" and asks to keep the candidate on file until a day
 * of their choosing. The candidate gets the METHOD:CANCEL e-mail; their application's page and home lead with
 * the close line and the one waiting question, offer no "Change the time" and no Withdraw, and the day they
 * are kept on file until is the day the employer chose (read in UTC on both sides, so no zone moves it).
 */
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Availability, Interview } from '@careers/contracts/interviews';
import { registerCandidateByApi } from '../support/apply-flows';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import {
  ApplicationStatus,
  applyViaApi,
  createJob,
  newEmployer,
  setApplicationStatus,
  type Employer,
  type Job,
} from '../support/employer';
import { pdfCv } from '../support/files';
import { newCandidate, openEmployerConsole, signedInStateByApi } from '../support/flows';
import { mailboxMark, waitForMail } from '../support/mailbox';
import { useLooks } from '../support/screens';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();
const look = useLooks('job-close-story');
const DAY = 24 * 60 * 60 * 1000;

/** Every day, all day long enough that the slots never depend on when the suite runs. */
const HOURS: Availability = {
  timeZone: 'Europe/London',
  slotMinutes: 45,
  bufferMinutes: 15,
  weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '08:00', to: '20:00' })),
  exceptions: [],
  locationKind: 'video',
  location: 'https://meet.example.test/close-story',
};

async function call(token: string, method: string, path: string, body?: object) {
  const res = await fetch(`${inject('stack').candidateUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** A day as the portal prints a chosen day ('14 Feb 2027'): en-GB, in UTC. */
const dayInWords = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

/** Both widths of one screen, in the order a person turns a phone: 1280 px first, then 360 px. */
async function lookAtBoth(page: Page, name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await look(page, name, '1280 px');
  await page.setViewportSize(PHONE);
  await look(page, name, '360 px');
}

describe('closing a job with a booked interview tells the candidate one story', () => {
  let employer: Employer;
  let job: Job;
  beforeAll(async () => {
    employer = await newEmployer('close-story');
    job = await createJob(employer, `Test Close Story ${Date.now()}`);
    await call(employer.accessToken, 'PUT', '/business/interviews/availability', HOURS);
  }, 120_000);

  it('cancels the interview with METHOD:CANCEL, and the candidate reads the close and the one question', async () => {
    const candidate = newCandidate('close-story');
    const made = await registerCandidateByApi(candidate, [pdfCv('Close Story CV.pdf', candidate.name)]);
    // Signing in by an e-mailed code proves the address, which the candidate's e-mails wait for (decision 0532).
    const signedIn = await signedInStateByApi(candidate.email);
    const applicationId = await applyViaApi(made.token, job.id, made.cvs[0]!.cvId);
    // Invited by the employer, booked by the candidate (both through the APIs: their screens are interviews.test.ts's).
    await setApplicationStatus(employer, applicationId, ApplicationStatus.ScheduleInterview);
    const mine = `/job-applications/${applicationId}/interview`;
    const invited = (await call(made.token, 'GET', mine)).interview as Interview;
    expect(invited.slots.length).toBeGreaterThan(0);
    const booked = (await call(made.token, 'PUT', `${mine}/booking`, { startsAt: invited.slots[0]!.startsAt }))
      .interview as Interview;
    expect(booked.status).toBe('booked');

    // The employer closes the job from the console's list of jobs.
    const console_ = await openPage({
      viewport: DESKTOP,
      storageState: await signedInStateByApi(employer.email, { remember: true }),
    });
    await openEmployerConsole(console_);
    const row = console_
      .getByRole('listitem')
      .filter({ has: console_.getByRole('link', { name: job.title, exact: true }) });
    await row.getByRole('button', { name: 'Close job' }).click();
    const dialog = console_.getByRole('alertdialog', { name: `Close ${job.title}?` });
    const interview = dialog.getByRole('group', { name: new RegExp(`^${candidate.name}: interview on `) });
    await interview.waitFor({ timeout: WAIT_MS });

    // Asked to keep the candidate on file until a day of the employer's choosing.
    const until = new Date(Date.now() + 40 * DAY).toISOString().slice(0, 10);
    await dialog.getByRole('checkbox', { name: new RegExp(`^${candidate.name} \\(applied `) }).check();
    await dialog.getByLabel('Keep on file until').fill(until);
    await dialog
      .getByText(`1 candidate will be asked to agree to stay on file until ${dayInWords(until)}.`, { exact: false })
      .waitFor({ timeout: WAIT_MS });

    // Nothing is chosen for the employer: closing before choosing names what is missing, and the job stays open.
    await dialog.getByRole('button', { name: 'Close job' }).click();
    await dialog
      .getByText('Choose what happens to each interview before closing the job.', { exact: true })
      .waitFor({ timeout: WAIT_MS });
    await interview.getByRole('radio', { name: 'Cancel it and tell the candidate' }).check();
    await lookAtBoth(console_, 'close-dialog');
    await console_.setViewportSize(DESKTOP);

    const since = await mailboxMark();
    await dialog.getByRole('button', { name: 'Close job' }).click();
    await console_.getByText('Job closed.').waitFor({ timeout: WAIT_MS });

    // The candidate's calendar loses the interview: the cancel, METHOD:CANCEL with the booking's UID.
    const cancelled = await waitForMail(candidate.email, { since, match: (m) => m.subject === 'Interview cancelled' });
    const part = cancelled.calendars[0];
    expect(part?.contentType).toContain('method=CANCEL');
    const calendar = new ICAL.Component(ICAL.parse(part!.text));
    expect(String(calendar.getFirstPropertyValue('method'))).toBe('CANCEL');
    expect(String(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('uid'))).toContain(booked.id);

    // The application's page: the close line, the one question, no way to move the interview, no Withdraw.
    const page = await openPage({ viewport: PHONE, storageState: signedIn });
    await page.goto(`/applications/${applicationId}`);
    const story = page.locator('.application-page__story');
    const closedOn = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(
      new Date(),
    );
    const line = story.locator('.application-page__story-line');
    await line.waitFor({ timeout: WAIT_MS });
    expect(await line.innerText()).toMatch(
      new RegExp(
        `^${employer.businessName} closed this job on ${closedOn}: the position was filled\\. Your interview on .+ is cancelled\\.$`,
      ),
    );
    const question = `${employer.businessName} asks to keep your application for ${job.title} on file until ${dayInWords(until)}. Do you agree?`;
    expect(await story.locator('.application-page__question strong').innerText()).toBe(question);
    expect(await page.locator('.badge', { hasText: 'Job closed' }).count()).toBe(1);
    await page
      .getByRole('region', { name: 'Interview' })
      .getByText(`The interview was cancelled by ${employer.businessName}.`, { exact: false })
      .waitFor({ timeout: WAIT_MS });
    expect(await page.getByRole('button', { name: 'Change the time' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Withdraw/ }).count()).toBe(0);
    // The request is asked once, as the question: the facts do not say it again.
    const facts = page.locator('.application-card__facts');
    expect(await facts.innerText()).not.toContain('Kept on file');
    await lookAtBoth(page, 'application');

    // Home says the same: the close line under the job's title and the same question.
    await page.goto('/');
    const steps = page.getByRole('region', { name: 'What to do next' });
    await steps.getByText(`${job.title}: ${employer.businessName} closed this job on`, { exact: false }).waitFor({
      timeout: WAIT_MS,
    });
    await steps.getByText(question, { exact: false }).waitFor({ timeout: WAIT_MS });
    expect(await steps.getByRole('link', { name: 'Change the time' }).count()).toBe(0);
    await lookAtBoth(page, 'home');

    // The candidate agrees: the close line now gives the day kept on file, the day the employer chose.
    await page.goto(`/applications/${applicationId}`);
    await page.getByRole('button', { name: 'Agree to stay on file' }).click();
    await line
      .getByText(`You are kept on file until ${dayInWords(until)}, as you agreed.`, { exact: false })
      .waitFor({ timeout: WAIT_MS });
    expect(await story.locator('.application-page__question').count()).toBe(0);
    expect(await facts.innerText()).not.toContain('Kept on file');
    await page.evaluate(() => window.scrollTo(0, 0));
    await look(page, 'application-agreed', '360 px');
  }, 240_000);
});
