/**
 * Issue 12 items 15 and 16 in the browser, at 360 px and 1280 px: the candidate withdraws an application with a
 * reason (the employer API shows it withdrawn, the timeline records it), applies again through the apply page,
 * then exports their data from the account page; the downloaded zip is opened and compared with what the
 * portal shows.
 */
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobApplication } from '@careers/contracts/candidate';
import type { DataExportAccount, DataExportCv } from '@careers/contracts/candidate-api';
import { pdfCv } from '../support/apply-files';
import { expectNoSidewaysScroll, expectPath, registerCandidateByApi, waitForApplyStep } from '../support/apply-flows';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, downloadedBytes, PHONE, usePortalPages } from '../support/browser';
import { applyViaApi, dropCvViaApi } from '../support/employer';
import { newCandidate, signedInStateByApi } from '../support/flows';
import { createEmployer, employerApplications, type Employer, type EmployerJob } from '../support/jobs';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();
let employer: Employer;

beforeAll(async () => {
  employer = await createEmployer({ label: 'withdraw', jobs: [{ title: 'Orchard Picker' }, { title: 'Cider Maker' }] });
});

const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const badge = async (locator: ReturnType<typeof card>) =>
  ((await locator.locator('.badge').textContent()) ?? '').replace(/^Status:\s*/, '').trim();

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('withdraw, apply again and export my data (%s)', (label, viewport) => {
  // Many steps (a withdrawal, an application through the apply page, an export read back): more than the
  // default minute on a loaded machine.
  it(
    'withdraws with a reason, applies again, and downloads a zip that matches what the portal shows',
    { timeout: 120_000 },
    async () => {
      const [orchard, cider] = employer.jobs as [EmployerJob, EmployerJob];
      const candidate = newCandidate(`withdraw-${label}`);
      const cv = pdfCv(`Withdraw ${label} CV.pdf`);
      const account = await registerCandidateByApi(candidate, [cv]);
      const cvId = account.cvs[0]!.cvId;
      await applyViaApi(account.token, orchard.id, cvId);
      await applyViaApi(account.token, cider.id, cvId);
      await dropCvViaApi(account.token, employer.business.id, cvId);

      // Signed in by code through the identity API (this test is about withdrawing and exporting, not signing in).
      const page = await openPage({ viewport, storageState: await signedInStateByApi(candidate.email) });
      await page.goto('/applications');
      const orchardCard = card(page, orchard.title);
      await orchardCard.waitFor({ timeout: WAIT_MS });

      // Withdraw, behind a confirmation with an optional reason.
      await orchardCard.getByRole('button', { name: `Withdraw your application for ${orchard.title}` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Withdraw your application?' });
      await dialog.waitFor();
      await dialog.getByLabel('Reason (optional)').fill('I found a job closer to home.');
      await expectNoAxeViolations(page, `withdraw dialog at ${viewport.width} px`);
      await expectNoSidewaysScroll(page, `withdraw dialog at ${viewport.width} px`);
      await dialog.getByRole('button', { name: 'Withdraw application' }).click();
      await expect.poll(() => badge(orchardCard), { timeout: WAIT_MS }).toBe('Withdrawn');
      expect(await orchardCard.getByText('I found a job closer to home.').isVisible()).toBe(true);
      await orchardCard.locator('summary').click();
      expect(await orchardCard.locator('li .application-card__step').allInnerTexts()).toEqual([
        'You withdrew your application',
        'Application received',
      ]);
      expect(await badge(card(page, cider.title))).toBe('Application received');
      await expectNoSidewaysScroll(page, `/applications with a withdrawn application at ${viewport.width} px`);
      // The success toast fades in and out (its colours mid-fade are no fair contrast test): check the page once it went.
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Your application was withdrawn.' });
      await toast.waitFor({ timeout: WAIT_MS });
      await expect.poll(() => toast.count(), { timeout: WAIT_MS }).toBe(0);
      await expectNoAxeViolations(page, `/applications with a withdrawn application at ${viewport.width} px`);

      // The employer sees it withdrawn, with the reason; SPEC's status is kept.
      const seen = (await employerApplications(employer, orchard.id)).filter(
        (a) => a.candidate.email === candidate.email,
      );
      expect(seen.map((a) => [a.applicationStatus, Boolean(a.withdrawnOn), a.withdrawalReason])).toEqual([
        [0, true, 'I found a job closer to home.'],
      ]);

      // Apply again through the apply page: signed in, it opens on the CV choice; keep the stored CV, Apply.
      await orchardCard.getByRole('link', { name: `Apply again for ${orchard.title}` }).click();
      await expectPath(page, `/apply/${orchard.id}`);
      await waitForApplyStep(page, 'cvSelection');
      await page.getByRole('radio', { name: new RegExp(`^${cv.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).check();
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await waitForApplyStep(page, 'success');
      const again = (await employerApplications(employer, orchard.id)).filter(
        (a) => a.candidate.email === candidate.email,
      );
      expect(again.map((a) => Boolean(a.withdrawnOn)).sort()).toEqual([false, true]);

      await page.goto('/applications');
      await expect.poll(() => card(page, orchard.title).count(), { timeout: WAIT_MS }).toBe(2);
      const shown = await page
        .getByRole('article')
        .evaluateAll((articles) =>
          articles.map((article) => [
            article.querySelector('h2')?.textContent ?? '',
            (article.querySelector('.badge')?.textContent ?? '').replace(/^Status:\s*/, '').trim(),
          ]),
        );

      // Export my data, from the account page.
      await page.goto('/user-account');
      const exportButton = page.getByRole('button', { name: 'Export my data' });
      await exportButton.waitFor({ timeout: WAIT_MS });
      await expectNoSidewaysScroll(page, `/user-account at ${viewport.width} px`);
      const downloading = page.waitForEvent('download', { timeout: WAIT_MS });
      await exportButton.click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^careers-data-\d{4}-\d\d-\d\d\.zip$/);
      const zip = await JSZip.loadAsync(await downloadedBytes(download));
      const read = async <T>(name: string): Promise<T> =>
        JSON.parse((await zip.file(name)?.async('string')) ?? 'null') as T;

      const accountJson = await read<DataExportAccount>('account.json');
      expect(accountJson.email).toBe(candidate.email);
      expect(await read('profile.json')).toMatchObject({
        name: candidate.name,
        email: candidate.email,
        phoneNumber: candidate.phone,
        postcode: candidate.postCode,
      });

      // Every application the candidate sees, in the same order, with the same state.
      const applications = await read<JobApplication[]>('applications.json');
      expect(applications.map((a) => [a.job.title, a.withdrawnOn ? 'Withdrawn' : 'Application received'])).toEqual(
        shown,
      );
      const withdrawn = applications.find((a) => a.withdrawnOn);
      expect(withdrawn?.withdrawalReason).toBe('I found a job closer to home.');
      expect(withdrawn?.statusHistory?.[0]).toMatchObject({ withdrawn: true });

      const drops = await read<{ business: { name: string } }[]>('cv-drops.json');
      expect(drops.map((d) => d.business.name)).toEqual([employer.business.name]);
      await page.goto('/cv-drops');
      await expect
        .poll(() => page.getByText(employer.business.name).first().isVisible(), { timeout: WAIT_MS })
        .toBe(true);

      const cvs = await read<DataExportCv[]>('cvs.json');
      expect(cvs.map((c) => c.fileName)).toEqual([cv.name]);
      const bytes = await zip.file(cvs[0]!.file ?? '')?.async('nodebuffer');
      expect(bytes?.equals(cv.buffer)).toBe(true);
      await page.goto('/cvs');
      await page.getByRole('heading', { name: cv.name, exact: true }).waitFor({ timeout: WAIT_MS });
    },
  );
});
