/**
 * Issue 14: the employer's side in the browser (docs/decisions/0150, 0151). An employer signs up, sets a
 * password through the e-mailed link, posts a job and finds its apply link; a candidate applies to it; the
 * employer opens the application and moves it; the candidate sees the new status in their own words. At
 * 360 px and 1280 px, axe clean, no sideways scroll, with screenshots for a person to look at.
 */
import { describe, expect, inject, it } from 'vitest';
import { applicationStatusWords } from '@careers/contracts/application-status';
import { ApplicationStatus } from '@careers/contracts/enums';
import { pdfCv } from '../support/apply-files';
import { expectPath, registerCandidateByApi } from '../support/apply-flows';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import { applyViaApi, createJob, dropCvViaApi, newEmployer } from '../support/employer';
import { logoPng } from '../support/jobs';
import { newCandidate, openEmployerConsole, signedInStateByApi } from '../support/flows';
import { latestCode, latestLink, mailboxMark } from '../support/mailbox';
import { expectFocusOn } from '../support/focus';
import { useLooks } from '../support/screens';
import { WAIT_MS } from '../support/waits';

const PASSWORD = 'a long employer passphrase 42';

const openPage = usePortalPages();
const look = useLooks('employer');

describe.each([
  ['360 px', PHONE],
  ['1280 px', DESKTOP],
] as const)('the employer console at %s', (label, viewport) => {
  it(
    'signs up, sets a password by link, posts a job, moves an application, and the candidate sees it',
    { timeout: 180_000 },
    async () => {
      const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const email = `employer-${stamp}@example.test`;
      const businessName = `Harbour Bakery ${stamp}`;
      const title = `Night Baker ${stamp}`;

      // Sign up: the person and the business; the password is chosen through the e-mailed link.
      const employer = await openPage({ viewport });
      await employer.goto('/employer/signup');
      await employer.getByRole('heading', { name: 'Create an employer account' }).waitFor();
      await look(employer, 'signup', label);
      const since = await mailboxMark();
      await employer.getByLabel('Your name', { exact: true }).fill('Morgan Reed');
      await employer.getByLabel('Email', { exact: true }).fill(email);
      await employer.getByLabel('Phone', { exact: true }).fill('07700 900123');
      await employer.getByLabel('Business name', { exact: true }).fill(businessName);
      await employer.getByLabel('City (optional)', { exact: true }).fill('Leeds');
      await employer.getByRole('button', { name: 'Create account' }).click();
      await employer.getByRole('heading', { name: 'Check your inbox' }).waitFor({ timeout: WAIT_MS });

      // The one e-mail of the sign-up: "Welcome, set your password" (decision 0250).
      const link = await latestLink(email, '/employer/welcome/', { since });
      await employer.goto(new URL(link).pathname);
      await employer.getByLabel('New password', { exact: true }).fill(PASSWORD);
      await employer.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
      await employer.getByRole('button', { name: 'Save password and open the console' }).click();
      await expectPath(employer, '/employer');
      await employer.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
      await look(employer, 'jobs-empty', label);

      // Post a job.
      await employer.goto('/employer/jobs/new');
      await employer.getByLabel('Job title', { exact: true }).fill(title);
      await employer.getByLabel('Description', { exact: true }).fill('Bread from 3 am, croissants by 6. We train you.');
      await employer.getByLabel('City', { exact: true }).fill('Leeds');
      await employer.getByLabel('Post code', { exact: true }).fill('LS1 4AP');
      await look(employer, 'job-form', label);
      await employer.getByRole('button', { name: 'Post job' }).click();
      await employer.getByRole('heading', { name: title, level: 1 }).waitFor({ timeout: WAIT_MS });
      // The job opens on its applications; sharing is its second tab (decision 0562).
      await employer.getByRole('link', { name: 'Sharing and publishing' }).click();
      const applyLink = await employer.getByLabel('Apply link', { exact: true }).inputValue();
      const jobId = new URL(applyLink).pathname.split('/').pop() ?? '';
      expect(applyLink).toMatch(/\/apply\/[0-9a-f-]{36}$/);
      // …and as a QR code, drawn and ready to download.
      const qr = employer.getByRole('img', { name: 'QR code of the apply link' });
      await qr.waitFor();
      await expect
        .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
        .toBe(true);
      expect(await employer.getByRole('link', { name: 'Download the QR code' }).getAttribute('download')).toBe(
        'apply-link-qr-code.svg',
      );

      // The public apply page shows the new job.
      const visitor = await openPage({ viewport });
      await visitor.goto(new URL(applyLink).pathname);
      await visitor.getByRole('heading', { name: `Apply now to ${title}` }).waitFor({ timeout: WAIT_MS });

      // A candidate applies.
      const candidate = newCandidate(`employer-console-${viewport.width}`);
      const registered = await registerCandidateByApi(candidate, [pdfCv('night-baker-cv.pdf')]);
      const cvId = registered.cvs[0]?.cvId ?? '';
      await applyViaApi(registered.token, jobId, cvId);

      // The employer finds the application, opens it and moves it.
      await employer.goto(`/employer/jobs/${jobId}`);
      const row = employer.getByRole('link', { name: candidate.name });
      await row.waitFor({ timeout: WAIT_MS });
      await look(employer, 'job-applications', label);
      await row.click();
      await employer.getByRole('heading', { name: 'Contact' }).waitFor({ timeout: WAIT_MS });
      expect(await employer.getByRole('link', { name: candidate.email }).isVisible()).toBe(true);
      await look(employer, 'application', label);
      const move = employer.getByRole('form', { name: 'Move the application' });
      await move.getByRole('combobox').selectOption({ value: String(ApplicationStatus.ScheduleInterview) });
      await move.getByRole('button', { name: 'Move' }).click();
      await employer.getByText('Moved to Schedule interview.').waitFor({ timeout: WAIT_MS });
      // The focus is on the new status, not on the page's body (decision 0541).
      await expectFocusOn(employer, 'Moved to Schedule interview.');

      // The job's numbers (its second tab) count it: one application, today, straight from the link, now at interview.
      await employer.goto(`/employer/jobs/${jobId}/publishing`);
      const reached = employer.getByRole('list', { name: 'Applications that reached each status' });
      await reached.waitFor({ timeout: WAIT_MS });
      await expect
        .poll(() => reached.getByRole('listitem').filter({ hasText: 'Schedule interview' }).innerText())
        .toContain('1 (100%)');
      expect(await employer.getByRole('list', { name: 'Applications by source' }).innerText()).toContain('Direct link');
      expect(await employer.getByRole('img', { name: /^1 application in the last 30 days/ }).count()).toBe(1);
      await look(employer, 'job-numbers', label);

      // The pipeline puts the application in its stage.
      await employer.goto(`/employer/jobs/${jobId}`);
      await employer.getByRole('link', { name: 'Pipeline' }).click();
      const stage = employer.getByRole('region', { name: /^Schedule interview/ });
      await stage.getByRole('link', { name: candidate.name }).waitFor({ timeout: WAIT_MS });
      expect(await employer.getByRole('region', { name: /^New/ }).getByRole('link').count()).toBe(0);
      await look(employer, 'pipeline', label);

      // The candidate sees the new status in their own words.
      const candidatePage = await openPage({ viewport, storageState: await signedInStateByApi(candidate.email) });
      await candidatePage.goto('/applications');
      await expectPath(candidatePage, '/applications');
      await candidatePage.getByText(title).first().waitFor({ timeout: WAIT_MS });
      await candidatePage
        .getByText(applicationStatusWords[ApplicationStatus.ScheduleInterview])
        .first()
        .waitFor({ timeout: WAIT_MS });
    },
  );
});

describe('signing in with an e-mailed code instead of the password', () => {
  it('sends a code to the address typed and signs the employer in with it', async () => {
    const existing = await newEmployer('code-sign-in');
    const page = await openPage({ viewport: PHONE });
    await page.goto('/employer/login');
    await page.getByLabel('Email', { exact: true }).fill(existing.email);
    await page.getByRole('button', { name: 'Email me a sign-in code instead' }).click();
    await page.getByRole('heading', { name: 'Sign in with a code' }).waitFor();
    const since = await mailboxMark();
    await page.getByRole('button', { name: 'Email me a code' }).click();
    const codeField = page.getByLabel('Verification code', { exact: true });
    await codeField.waitFor({ timeout: WAIT_MS });
    await look(page, 'code-sign-in', '360 px');
    await codeField.fill(await latestCode(existing.email, { since }));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectPath(page, '/employer');
    await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor({ timeout: WAIT_MS });
  });
});

describe("the business's details, logo and CV drops", () => {
  it(
    'changes the details, uploads a logo the apply page then shows, and previews a dropped CV',
    { timeout: 120_000 },
    async () => {
      const existing = await newEmployer('business-page');
      const page = await openPage({
        viewport: DESKTOP,
        storageState: await signedInStateByApi(existing.email, { remember: true }),
      });
      await openEmployerConsole(page);

      await page.getByRole('link', { name: 'Business', exact: true }).click();
      await page.getByRole('heading', { name: 'Business', level: 1 }).waitFor({ timeout: WAIT_MS });
      const renamed = `${existing.businessName} Renamed`;
      await page.getByLabel('Business name', { exact: true }).fill(renamed);
      await page.getByLabel('Business name', { exact: true }).press('Enter');
      await page.getByText(renamed).first().waitFor({ timeout: WAIT_MS });
      await page
        .locator('.employer-logo input[type=file]')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng(64) });
      await page.getByRole('button', { name: 'Upload logo' }).click();
      await page.getByText('Logo uploaded.').waitFor({ timeout: WAIT_MS });
      // The new logo shows as the current one; axe runs once the toasts (3 s) have gone.
      await page.getByText('Logo uploaded.').waitFor({ state: 'detached', timeout: WAIT_MS });
      await look(page, 'business', '1280 px');
      // The apply page of the business's jobs shows the new logo.
      const job = await createJob(existing, 'Logo Check');
      const visitor = await openPage({ viewport: PHONE });
      await visitor.goto(`/apply/${job.id}`);
      const logo = visitor.locator('main header img');
      await logo.waitFor({ timeout: WAIT_MS });
      await expect
        .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
        .toBe(true);

      // A candidate drops a CV with the business; the employer finds and previews it.
      const candidate = newCandidate('cv-drop-for-console');
      const registered = await registerCandidateByApi(candidate, [pdfCv('dropped-cv.pdf')]);
      await dropCvViaApi(registered.token, existing.businessId, registered.cvs[0]?.cvId ?? '');
      await page.getByRole('link', { name: 'CV drops', exact: true }).click();
      await page.getByRole('heading', { name: 'CV drops', level: 1 }).waitFor({ timeout: WAIT_MS });
      await page.getByText(candidate.name).first().waitFor({ timeout: WAIT_MS });
      await page.getByRole('button', { name: `Preview the CV of ${candidate.name}` }).click();
      await page.getByRole('dialog').waitFor({ timeout: WAIT_MS });
    },
  );
});

describe('the console and the candidate pages keep to their own users', () => {
  it('sends a visitor to the employer sign-in, keeping where they were going', async () => {
    const page = await openPage({ viewport: PHONE });
    await page.goto('/employer/jobs/new');
    await expectPath(page, '/employer/login');
    await look(page, 'login', '360 px');
  });
});

/** POST /job-applications/{id}/withdraw as the candidate's portal sends it. */
async function withdrawViaApi(candidateToken: string, applicationId: string, reason: string): Promise<string> {
  const { candidateUrl } = inject('stack');
  const res = await fetch(`${candidateUrl}/job-applications/${applicationId}/withdraw`, {
    method: 'POST',
    headers: { authorization: `Bearer ${candidateToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reason }),
  });
  if (!res.ok) throw new Error(`withdrawing ${applicationId}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { withdrawnOn: string }).withdrawnOn;
}

const dayOf = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));

describe.each([
  ['360 px', PHONE],
  ['1280 px', DESKTOP],
] as const)('a withdrawn application in the console at %s', (label, viewport) => {
  it(
    'shows Withdrawn with its date and reason in the list, the pipeline and the application, Move disabled, and counts it apart',
    { timeout: 180_000 },
    async () => {
      const employer = await newEmployer(`withdrawn-${viewport.width}`);
      const job = await createJob(employer, `Orchard Picker ${viewport.width}`);
      const stays = newCandidate(`stays-${viewport.width}`);
      const leaves = newCandidate(`leaves-${viewport.width}`);
      const staying = await registerCandidateByApi(stays, [pdfCv('stays-cv.pdf')]);
      const leaving = await registerCandidateByApi(leaves, [pdfCv('leaves-cv.pdf')]);
      await applyViaApi(staying.token, job.id, staying.cvs[0]?.cvId ?? '');
      const withdrawnId = await applyViaApi(leaving.token, job.id, leaving.cvs[0]?.cvId ?? '');
      const reason = 'I took a job closer to home.';
      const withdrawnOn = await withdrawViaApi(leaving.token, withdrawnId, reason);

      const page = await openPage({
        viewport,
        storageState: await signedInStateByApi(employer.email, { remember: true }),
      });
      await openEmployerConsole(page);
      // The jobs list counts the standing and the withdrawn applications apart.
      const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: job.title, exact: true }) });
      await expect.poll(() => row.innerText(), { timeout: WAIT_MS }).toContain('Applications: 1 active · 1 withdrawn');
      await look(page, 'jobs-with-withdrawn', label);

      // The job's list: a Withdrawn badge, the date and the reason.
      await page.goto(`/employer/jobs/${job.id}`);
      await page.getByText('Applications: 1 active · 1 withdrawn').waitFor({ timeout: WAIT_MS });
      const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: leaves.name }) });
      await card.waitFor({ timeout: WAIT_MS });
      expect(await card.innerText()).toContain('Withdrawn');
      expect(await card.innerText()).toContain(`Withdrawn ${dayOf(withdrawnOn)}`);
      expect(await card.innerText()).toContain(reason);
      const staysCard = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: stays.name }) });
      expect(await staysCard.innerText()).not.toContain('Withdrawn');
      await look(page, 'job-with-withdrawn', label);

      // The pipeline: New holds only the one who stays; the Withdrawn column the one who left.
      await page.getByRole('link', { name: 'Pipeline' }).click();
      const withdrawnColumn = page.getByRole('region', { name: /^Withdrawn/ });
      await withdrawnColumn.getByRole('link', { name: leaves.name }).waitFor({ timeout: WAIT_MS });
      const newColumn = page.getByRole('region', { name: /^New/ });
      await newColumn.getByRole('link', { name: stays.name }).waitFor({ timeout: WAIT_MS });
      expect(await newColumn.getByRole('link', { name: leaves.name }).count()).toBe(0);
      await look(page, 'pipeline-with-withdrawn', label);

      // The application: withdrawn, when and why; nothing can move it; the history says what happened.
      await withdrawnColumn.getByRole('link', { name: leaves.name }).click();
      const banner = page.getByRole('region', { name: /^Withdrawn by the candidate on/ });
      await banner.waitFor({ timeout: WAIT_MS });
      expect(await banner.innerText()).toContain(dayOf(withdrawnOn));
      expect(await banner.innerText()).toContain(reason);
      const move = page.getByRole('form', { name: 'Move the application' });
      expect(await move.getByRole('combobox').isDisabled()).toBe(true);
      expect(await move.getByRole('button', { name: 'Move' }).isDisabled()).toBe(true);
      expect(await move.innerText()).toContain('can no longer be moved');
      const history = page.locator('.employer-history li');
      expect(await history.allInnerTexts()).toEqual([
        expect.stringMatching(/^Withdrawn by the candidate /),
        expect.stringMatching(/^New /),
      ]);
      expect(await page.locator('.employer-page__head .badge').innerText()).toContain('Withdrawn');
      await look(page, 'application-withdrawn', label);
    },
  );
});

describe.each([
  ['360 px', PHONE],
  ['1280 px', DESKTOP],
] as const)('a salaried job at %s', (label, viewport) => {
  it(
    'needs the period once an amount is given, starts in the business’s currency, and reads the same on the employer’s job page and the apply page',
    { timeout: 180_000 },
    async () => {
      const employer = await newEmployer(`salary-${viewport.width}`);
      const title = `Kitchen Porter ${viewport.width}`;
      const page = await openPage({
        viewport,
        storageState: await signedInStateByApi(employer.email, { remember: true }),
      });
      await openEmployerConsole(page);
      await page.goto('/employer/jobs/new');
      await page.getByLabel('Job title', { exact: true }).fill(title);
      await page.getByLabel('Description', { exact: true }).fill('Washing up and prep, evenings.');
      await page.getByLabel('City', { exact: true }).fill('Leeds');
      // The currency is a value (the business's phone is a UK number), not a grey placeholder.
      const currency = page.getByLabel('Currency', { exact: true });
      expect(await currency.inputValue()).toBe('GBP');
      expect(await currency.getAttribute('placeholder')).toBeNull();
      await page.getByLabel('Salary from', { exact: true }).fill('12.60');
      await page.getByLabel('Salary to', { exact: true }).fill('13.40');
      await page.getByRole('button', { name: 'Post job' }).click();
      await page.getByText('Choose what the salary is per: hour, day or year').waitFor({ timeout: WAIT_MS });
      expect(new URL(page.url()).pathname).toBe('/employer/jobs/new');

      await page.getByLabel('Salary per', { exact: true }).selectOption({ value: '1' });
      // The preview reads as the apply page will.
      const preview = page.getByRole('region', { name: 'Preview: as candidates will see it' });
      await expect.poll(() => preview.innerText()).toContain('£12.60 – £13.40 an hour');
      await look(page, 'job-form-salary', label);
      await page.getByRole('button', { name: 'Post job' }).click();
      await page.getByRole('heading', { name: title, level: 1 }).waitFor({ timeout: WAIT_MS });
      await page.getByRole('link', { name: 'Sharing and publishing' }).click();
      const applyLink = await page.getByLabel('Apply link', { exact: true }).inputValue();

      // The job's publishing tab shows it as candidates see it…
      const seen = page.getByRole('region', { name: 'As candidates see it' });
      await seen.waitFor({ timeout: WAIT_MS });
      const salaryOn = (where: typeof page) =>
        where
          .locator('.job-details__facts > div', { has: where.locator('dt', { hasText: 'Salary' }) })
          .locator('dd')
          .innerText();
      expect(await salaryOn(page)).toBe('£12.60 – £13.40 an hour');
      expect(await seen.innerText()).toContain('Washing up and prep, evenings.');
      await look(page, 'job-page-salary', label);

      // …and the apply page says the same.
      const visitor = await openPage({ viewport });
      await visitor.goto(new URL(applyLink).pathname);
      await visitor.getByRole('heading', { name: `Apply now to ${title}` }).waitFor({ timeout: WAIT_MS });
      expect(await salaryOn(visitor)).toBe('£12.60 – £13.40 an hour');
    },
  );
});

describe('closing a job', () => {
  it('asks first: Keep it open leaves it open, Close job closes it', { timeout: 120_000 }, async () => {
    const employer = await newEmployer('close-job');
    const job = await createJob(employer, 'Close Me');
    const page = await openPage({
      viewport: PHONE,
      storageState: await signedInStateByApi(employer.email, { remember: true }),
    });
    await openEmployerConsole(page);
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: job.title, exact: true }) });
    await row.getByRole('button', { name: 'Close job' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Close ${job.title}?` });
    await dialog.waitFor();
    await look(page, 'close-job-dialog', '360 px');
    await dialog.getByRole('button', { name: 'Keep it open' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row.innerText()).toContain('Open');
    await row.getByRole('button', { name: 'Close job' }).click();
    await dialog.getByRole('button', { name: 'Close job' }).click();
    await page.getByText('Job closed.').waitFor({ timeout: WAIT_MS });
    // The toast opens below the header bar (two rows on a phone), not over its menu or Sign out.
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Job closed.' });
    await expect
      .poll(async () => {
        const [toastBox, barBox] = await Promise.all([
          toast.boundingBox(),
          page.locator('.employer__bar').boundingBox(),
        ]);
        return toastBox && barBox ? toastBox.y - (barBox.y + barBox.height) : -1;
      })
      .toBeGreaterThanOrEqual(0);
    await expect.poll(() => row.getByRole('button', { name: 'Reopen job' }).count(), { timeout: WAIT_MS }).toBe(1);
  });
});
