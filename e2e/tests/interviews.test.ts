/**
 * Interviews (issue 28 items 2-5) end to end: the employer sets their hours in the console and invites from
 * the application (1280 px); the candidate follows the e-mail to the application's page on a phone (360 px)
 * and books by keyboard; both mailboxes get the .ics, read back by ical.js; the candidate moves it (SEQUENCE
 * raised, same UID) and the employer cancels it (METHOD:CANCEL to both).
 */
import ICAL from 'ical.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import { expectFocusOn } from '../support/focus';
import { applyViaApi, createJob, newEmployer, uploadCvViaApi, type Employer, type Job } from '../support/employer';
import { registerCandidateByApi } from '../support/apply-flows';
import { pdfCv } from '../support/files';
import { newCandidate, openEmployerConsole, signedInStateByApi } from '../support/flows';
import { mailboxMark, waitForMail, type SinkMessage } from '../support/mailbox';
import { useLooks } from '../support/screens';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();
const look = useLooks('interviews');

function calendarOf(mail: SinkMessage) {
  const part = mail.calendars[0];
  expect(part, mail.subject).toBeDefined();
  const root = new ICAL.Component(ICAL.parse(part!.text));
  const event = root.getFirstSubcomponent('vevent')!;
  return {
    contentType: part!.contentType,
    method: String(root.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    organizer: String(event.getFirstPropertyValue('organizer')),
    attendee: String(event.getFirstPropertyValue('attendee')),
    location: String(event.getFirstPropertyValue('location')),
  };
}

describe('interviews: hours, invitation, booking by keyboard on a phone, calendar invitations', () => {
  let employer: Employer;
  let job: Job;

  beforeAll(async () => {
    employer = await newEmployer('interviews');
    job = await createJob(employer, `Test Interviewer ${Date.now()}`);
  }, 120_000);

  it('books, moves and cancels, with the .ics in both mailboxes', async () => {
    const candidate = newCandidate('interviews');
    // The candidate's account, made and signed in through the APIs (signing up is tested through its form elsewhere).
    const { token } = await registerCandidateByApi(candidate);
    const signedIn = await signedInStateByApi(candidate.email);
    const applicationId = await applyViaApi(
      token,
      job.id,
      await uploadCvViaApi(token, pdfCv('Interview CV.pdf', candidate.name)),
    );

    // The employer sets their hours: every day, so the test does not depend on the day it runs.
    const console_ = await openPage({
      viewport: DESKTOP,
      storageState: await signedInStateByApi(employer.email, { remember: true }),
    });
    await openEmployerConsole(console_);
    await console_.getByRole('link', { name: 'Interviews', exact: true }).click();
    await console_.getByRole('heading', { level: 1, name: 'Interviews' }).waitFor({ timeout: WAIT_MS });
    expect(await console_.title()).toBe('Interviews · Employer · Careers Portal');
    const zone = console_.getByLabel('Your time zone');
    await zone.waitFor({ timeout: WAIT_MS });
    await zone.fill('Europe/London');
    for (const day of ['Saturday', 'Sunday']) await console_.getByRole('checkbox', { name: day }).check();
    // A day may have more than one range (an evening after the day's hours).
    await console_.getByRole('button', { name: 'Add hours on Monday' }).click();
    expect(await console_.getByLabel('Monday, hours 2, from').inputValue()).toBe('18:00');
    await console_.getByLabel('Video link').fill('https://meet.example.test/interview-room');
    await console_.getByRole('button', { name: 'Save your times' }).click();
    await console_.getByText('Your interview times are saved.').waitFor({ timeout: WAIT_MS });
    await look(console_, 'hours', '1280 px');
    await console_.setViewportSize(PHONE);
    await look(console_, 'hours', '360 px');
    await console_.setViewportSize(DESKTOP);

    // Invites from the application; the candidate is e-mailed a link to its page.
    const since = await mailboxMark();
    await console_.goto(`/employer/applications/${applicationId}`);
    const section = console_.getByRole('region', { name: 'Interview' });
    await section.getByRole('button', { name: 'Invite to an interview' }).click();
    await section.getByText('Invited: the candidate chooses a time', { exact: false }).waitFor({ timeout: WAIT_MS });
    // The focus goes to what the action made, never to the page's body (decision 0541); at 1280 px here.
    await expectFocusOn(console_, 'Invited: the candidate chooses a time');
    const invitation = await waitForMail(candidate.email, {
      since,
      match: (m) => m.subject === 'Choose a time for your interview',
    });
    const link = `${inject('stack').portalUrl}/applications/${applicationId}`;
    expect(invitation.links).toContain(link);

    // The candidate books on a phone, by keyboard only.
    const phone = await openPage({ viewport: PHONE, storageState: signedIn });
    await phone.goto(link);
    const mine = phone.getByRole('region', { name: 'Interview' });
    const radios = mine.getByRole('radio');
    await radios.first().waitFor({ timeout: WAIT_MS });
    await look(phone, 'choose-a-time', '360 px');
    await radios.first().focus();
    await phone.keyboard.press('Space');
    await phone.keyboard.press('ArrowDown');
    const chosen = await mine.locator('input[type=radio]:checked').getAttribute('value');
    expect(chosen).toMatch(/Z$/);
    await phone.keyboard.press('Tab');
    await phone.keyboard.press('Enter');
    await mine.getByText('Your interview is booked.').waitFor({ timeout: WAIT_MS });
    // At 360 px the booked time takes the focus, and is on screen.
    await expectFocusOn(phone, 'Your interview is booked.');
    await look(phone, 'booked', '360 px');

    const booked = await Promise.all(
      [candidate.email, employer.email].map((to) =>
        waitForMail(to, { since, match: (m) => m.subject === 'Interview booked' }),
      ),
    );
    const [toCandidate, toEmployer] = booked.map(calendarOf);
    expect(toCandidate).toMatchObject({
      method: 'REQUEST',
      sequence: 0,
      start: chosen,
      organizer: `mailto:${employer.email}`,
      attendee: `mailto:${candidate.email}`,
      location: 'https://meet.example.test/interview-room',
    });
    expect(toCandidate!.contentType).toContain('method=REQUEST');
    expect(toEmployer).toEqual(toCandidate);

    // The candidate moves it: the same UID, SEQUENCE 1.
    await mine.getByRole('button', { name: 'Change the time' }).click();
    const other = mine.getByRole('radio').nth(2);
    const next = await other.getAttribute('value');
    await other.check();
    await mine.getByRole('button', { name: 'Move to this time' }).click();
    await mine.getByRole('button', { name: 'Change the time' }).waitFor({ timeout: WAIT_MS });
    await expectFocusOn(phone, 'Your interview is booked.');
    for (const to of [candidate.email, employer.email]) {
      const moved = await waitForMail(to, {
        since,
        match: (m) => m.subject === 'Interview moved to a new time',
      });
      expect(calendarOf(moved)).toMatchObject({ method: 'REQUEST', uid: toCandidate!.uid, sequence: 1, start: next });
    }

    // The employer cancels it: METHOD:CANCEL to both.
    await console_.reload();
    await section.getByText('Booked.', { exact: false }).waitFor({ timeout: WAIT_MS });
    await look(console_, 'employer-booked', '1280 px');
    // The application's page with its booked interview fits a phone too (look checks the width and axe).
    await console_.setViewportSize(PHONE);
    await look(console_, 'employer-booked', '360 px');
    await console_.setViewportSize(DESKTOP);
    await section.getByRole('button', { name: 'Cancel the interview' }).click();
    await console_.getByRole('alertdialog').getByRole('button', { name: 'Cancel the interview' }).click();
    await section.getByText('The interview was cancelled', { exact: false }).waitFor({ timeout: WAIT_MS });
    await expectFocusOn(console_, 'The interview was cancelled');
    for (const to of [candidate.email, employer.email]) {
      const cancelled = await waitForMail(to, {
        since,
        match: (m) => m.subject === 'Interview cancelled',
      });
      expect(calendarOf(cancelled)).toMatchObject({ method: 'CANCEL', uid: toCandidate!.uid, sequence: 2 });
    }
  }, 240_000);
});
