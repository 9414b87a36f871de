/**
 * The job's page opens on its applications (decision 0562): at 360 and 1280 px the first heading and region after
 * the job's header are its applications, the numbers one line above them, and sharing and publishing the second
 * tab, where each board is named with what it needs and the search engines IndexNow tells (decision 0561). Axe
 * clean, no sideways scroll, screenshots for a person to look at.
 */
import { describe, expect, it } from 'vitest';
import { pdfCv } from '../support/apply-files';
import { registerCandidateByApi } from '../support/apply-flows';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import { applyViaApi, createJob, newEmployer } from '../support/employer';
import { newCandidate, signedInStateByApi } from '../support/flows';
import { useLooks } from '../support/screens';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();
const look = useLooks('employer-job-page');

describe.each([
  ['360 px', PHONE],
  ['1280 px', DESKTOP],
] as const)("the employer's job page at %s", (label, viewport) => {
  it(
    'shows the applications first after the header, and sharing and publishing on the second tab',
    { timeout: 180_000 },
    async () => {
      const employer = await newEmployer(`job-page-${viewport.width}`);
      const job = await createJob(employer, `Line Cook ${viewport.width}`);
      const candidate = newCandidate(`job-page-${viewport.width}`);
      const registered = await registerCandidateByApi(candidate, [pdfCv('line-cook-cv.pdf')]);
      await applyViaApi(registered.token, job.id, registered.cvs[0]?.cvId ?? '');

      const page = await openPage({
        viewport,
        storageState: await signedInStateByApi(employer.email, { remember: true }),
      });
      await page.goto(`/employer/jobs/${job.id}`);
      await page.getByRole('link', { name: candidate.name }).waitFor({ timeout: WAIT_MS });
      await page.getByText(/^Applications: 1 active · 0 withdrawn · 1 in the last 30 days · most from /).waitFor();

      // In the page's order: the job's title, then the applications' heading, naming the region that holds them.
      const headings = await page
        .locator('main h1, main h2')
        .evaluateAll((all) => all.map((h) => `${h.tagName} ${h.textContent?.trim()}`));
      expect(headings.slice(0, 2)).toEqual([`H1 ${job.title}`, 'H2 Applications']);
      const regions = await page
        .locator('main section[aria-labelledby]')
        .evaluateAll((all) =>
          all.map((s) => document.getElementById(s.getAttribute('aria-labelledby') ?? '')?.textContent?.trim()),
        );
      expect(regions.slice(0, 2)).toEqual([job.title, 'Applications']);
      const applications = page.getByRole('region', { name: 'Applications', exact: true });
      expect(await applications.getByRole('link', { name: candidate.name }).isVisible()).toBe(true);
      // Near the top at both widths: the applications start on the first screen.
      const top = await applications.getByRole('heading', { name: 'Applications' }).boundingBox();
      expect(top?.y ?? Infinity).toBeLessThan(viewport.height);
      expect(await page.getByRole('heading', { name: 'Share this job' }).count()).toBe(0);
      await look(page, 'applications', label);

      await page.getByRole('link', { name: 'Sharing and publishing' }).click();
      await page.getByRole('heading', { name: 'Where this job is published' }).waitFor({ timeout: WAIT_MS });
      const boards = page.getByRole('list', { name: 'Job boards' });
      await boards.getByRole('heading', { name: 'Indeed' }).waitFor({ timeout: WAIT_MS });
      expect(await boards.getByRole('heading', { name: 'Google for Jobs' }).isVisible()).toBe(true);
      // The test stack's portal is plain http on loopback: IndexNow is off, and the page says so.
      expect(await page.locator('.employer-reach__engines').innerText()).toMatch(
        /^Search engines \(Bing, Yandex, Seznam, Naver via IndexNow\): not told at once on this site/,
      );
      // The raw addresses wait behind their disclosure.
      expect(
        await page
          .getByText(/jobs\.xml\?board=adzuna/)
          .first()
          .isVisible(),
      ).toBe(false);
      await page.getByText('Set up Indeed').click();
      expect(await page.getByLabel('Feed URL for Indeed', { exact: true }).inputValue()).toMatch(
        /jobs\.xml\?board=indeed$/,
      );
      await page.getByRole('table', { name: 'Applications by source, and how many reached each status' }).waitFor();
      await look(page, 'publishing', label);

      // The application says where it came from in the same words as the job's numbers and the report.
      await page.getByRole('link', { name: 'Applications', exact: true }).click();
      await page.getByRole('link', { name: candidate.name }).click();
      const cameFrom = page.locator('dt', { hasText: 'Came from' }).locator('xpath=following-sibling::dd[1]');
      await cameFrom.waitFor({ timeout: WAIT_MS });
      expect(await cameFrom.innerText()).toBe('Direct link');
    },
  );
});
