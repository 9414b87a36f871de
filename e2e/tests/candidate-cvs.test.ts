/**
 * CVs end to end (product.md §1 "upload, preview, download and delete CVs", §2 signup upload, §7 CV calls):
 * sign up with a PDF, then upload, preview, download and delete on /cvs against the real candidate
 * service and its file store. Each /cvs test has its own candidate, made with its CVs through the APIs and
 * signed in by code, so any one runs alone.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerCandidateByApi } from '../support/apply-flows';
import { downloadedBytes, usePortalPages } from '../support/browser';
import { pdfCv, type UploadFile } from '../support/files';
import { enterEmailedCode, newCandidate, signedInStateByApi, type CandidateDetails } from '../support/flows';
import { mailboxMark } from '../support/mailbox';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();

/** Longer than the 40 characters the signup form shows (product.md §2); with a comma, for the download's file name. */
const SIGNUP_CV_NAME = 'Curriculum vitae of a very careful tester, 2026 edition.pdf';

interface SignedInCandidate {
  candidate: CandidateDetails;
  /** The signed-in browser state, so the test's pages start signed in in a new context. */
  signedIn: BrowserContextOptions['storageState'];
  /** The CVs it has, oldest first. */
  cvs: UploadFile[];
}

/**
 * A candidate who signed up with the long-named PDF (made through the APIs as the portal's sign-up makes
 * it), with `more` CVs uploaded after it, signed in by code through the identity API (the browser state the
 * portal's code sign-in leaves; these tests are about /cvs, and signing in through the form is sign-in.test.ts's).
 */
async function signedInCandidate(
  label: string,
  more: (candidate: CandidateDetails) => UploadFile[] = () => [],
): Promise<SignedInCandidate> {
  const candidate = newCandidate(label);
  const cvs = [pdfCv(SIGNUP_CV_NAME, candidate.name), ...more(candidate)];
  await registerCandidateByApi(candidate, cvs);
  return { candidate, signedIn: await signedInStateByApi(candidate.email), cvs };
}

async function signedInPage(who: SignedInCandidate, at: string) {
  const page = await openPage({ storageState: who.signedIn });
  await page.goto(at);
  return page;
}

const path = (page: Page) => new URL(page.url()).pathname;
const cvRow = (page: Page, fileName: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: fileName, exact: true }) });
const fileInput = (page: Page) => page.locator('input[type="file"]');

describe('signup with a CV (product.md §2 signup screen)', () => {
  it('refuses a non-PDF, shows the chosen PDF name cut at 40 characters, and the CV is on /cvs after the code', async () => {
    const candidate = newCandidate('cvs');
    const page = await openPage();
    await page.goto('/account/signup');
    await page.getByLabel('Name', { exact: true }).fill(candidate.name);
    await page.getByLabel('Email', { exact: true }).fill(candidate.email);
    await page.getByLabel('Phone', { exact: true }).fill(candidate.phone);
    await page.getByLabel('Post code', { exact: true }).fill(candidate.postCode);

    await fileInput(page).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('plain text'),
    });
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Must be a .pdf' }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);

    const cv = pdfCv(SIGNUP_CV_NAME, candidate.name);
    await fileInput(page).setInputFiles(cv);
    await expect
      .poll(() => page.getByText(`${SIGNUP_CV_NAME.slice(0, 40)}...`, { exact: true }).isVisible(), {
        timeout: WAIT_MS,
      })
      .toBe(true);
    expect(await page.getByRole('alert').filter({ hasText: 'Must be a .pdf' }).count()).toBe(0);

    const since = await mailboxMark();
    await page.getByRole('button', { name: 'Get a verification code' }).click();
    await enterEmailedCode(page, candidate.email, since);

    await page.getByRole('link', { name: 'CVs', exact: true }).click();
    await expect.poll(() => path(page), { timeout: WAIT_MS }).toBe('/cvs');
    const row = cvRow(page, SIGNUP_CV_NAME);
    await expect.poll(() => row.isVisible(), { timeout: WAIT_MS }).toBe(true);
    // The file is a real PDF: the service reads its text in the background (design.md §3 cvParseStatus).
    await expect
      .poll(
        async () => {
          await page.reload();
          await row.waitFor({ timeout: WAIT_MS });
          return row.getByText('Text reading: Ready', { exact: true }).isVisible();
        },
        { timeout: WAIT_MS, interval: 1_000 },
      )
      .toBe(true);
  });
});

describe('/cvs (product.md §1, §7)', () => {
  it('uploads a CV with a progress bar; the new row is listed and stays after a reload', async () => {
    const who = await signedInCandidate('cvs-upload');
    const { candidate } = who;
    const page = await signedInPage(who, '/cvs');
    await cvRow(page, SIGNUP_CV_NAME).waitFor({ timeout: WAIT_MS });
    await expect
      .poll(() => page.getByRole('heading', { name: 'Your CVs (1)' }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);

    const cv = pdfCv(`Tester CV ${Date.now()}.pdf`, candidate.name);
    // Held back a moment on its way to the real service, so the progress bar can be seen.
    await page.route('**/cvs', async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await fileInput(page).setInputFiles(cv);
    await page.getByRole('button', { name: 'Upload CV' }).click();
    await expect
      .poll(() => page.getByRole('progressbar', { name: `Uploading ${cv.name}` }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);

    await expect.poll(() => cvRow(page, cv.name).isVisible(), { timeout: WAIT_MS }).toBe(true);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Your CVs (2)' }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
    expect(await page.getByRole('progressbar').count()).toBe(0);
    await page.unroute('**/cvs');
    await page.reload();
    await expect.poll(() => cvRow(page, cv.name).isVisible(), { timeout: WAIT_MS }).toBe(true);
  });

  it("refuses a file whose bytes are no CV, whatever its name, with the server's reason", async () => {
    const page = await signedInPage(await signedInCandidate('cvs-refused'), '/cvs');
    await cvRow(page, SIGNUP_CV_NAME).waitFor({ timeout: WAIT_MS });
    const before = await page.getByRole('heading', { name: /^Your CVs \(\d+\)$/ }).innerText();
    const name = 'not-really-a.pdf';
    const answer = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/cvs' && r.request().method() === 'POST',
      { timeout: WAIT_MS },
    );
    await fileInput(page).setInputFiles({
      name,
      mimeType: 'application/pdf',
      buffer: Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x10, 0x20]),
    });
    await page.getByRole('button', { name: 'Upload CV' }).click();
    expect((await answer).status()).toBe(415);
    await expect
      .poll(
        () =>
          page
            .getByRole('alert')
            .filter({ hasText: 'Must be in the following format: pdf, doc, docx, txt' })
            .isVisible(),
        { timeout: WAIT_MS },
      )
      .toBe(true);
    expect(await cvRow(page, name).count()).toBe(0);
    expect(await page.getByRole('heading', { name: /^Your CVs \(\d+\)$/ }).innerText()).toBe(before);
  });

  it('previews the PDF in a modal: the frame shows the uploaded file', async () => {
    const who = await signedInCandidate('cvs-preview', (candidate) => [
      pdfCv(`Tester CV ${Date.now()}.pdf`, candidate.name),
    ]);
    const cv = who.cvs[1]!;
    const page = await signedInPage(who, '/cvs');
    const previewAnswer = page.waitForResponse(
      (response) => /\/cvs\/[^/]+\/preview$/.test(new URL(response.url()).pathname),
      { timeout: WAIT_MS },
    );
    await page.getByRole('button', { name: `Preview ${cv.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Preview of ${cv.name}` });
    const frame = dialog.locator(`iframe[title="${cv.name}"]`);
    await expect.poll(() => frame.isVisible(), { timeout: WAIT_MS }).toBe(true);
    // The service sent the very file that was uploaded, byte for byte…
    expect((await (await previewAnswer).body()).equals(cv.buffer)).toBe(true);
    // …and the frame has loaded it as a PDF document (from a blob: address, so no token sits in a URL).
    const src = (await frame.getAttribute('src')) ?? '';
    expect(src).toMatch(/^blob:/);
    // The viewer shows no toolbar, which named the file by the blob's id; the dialog's title names it.
    expect(src).toMatch(/#toolbar=0&view=FitH$/);
    await expect
      .poll(
        async () => {
          const loaded = page.frames().find((f) => f.url() === src);
          return loaded ? loaded.evaluate(() => document.contentType).catch(() => 'unreadable') : 'not loaded';
        },
        { timeout: WAIT_MS },
      )
      .toBe('application/pdf');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it('previews a text CV with its words in the frame', async () => {
    const who = await signedInCandidate('cvs-text');
    const { candidate } = who;
    const page = await signedInPage(who, '/cvs');
    const name = `Plain CV ${Date.now()}.txt`;
    await fileInput(page).setInputFiles({
      name,
      mimeType: 'text/plain',
      buffer: Buffer.from(`${candidate.name}\nTen years of testing & <care>.\n`),
    });
    await page.getByRole('button', { name: 'Upload CV' }).click();
    await cvRow(page, name).waitFor({ timeout: WAIT_MS });
    await page.getByRole('button', { name: `Preview ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Preview of ${name}` });
    const frame = dialog.frameLocator(`iframe[title="${name}"]`);
    await expect
      .poll(() => frame.getByText('Ten years of testing & <care>.').isVisible(), { timeout: WAIT_MS })
      .toBe(true);
    expect(await frame.getByText(candidate.name).isVisible()).toBe(true);
  });

  it('downloads a CV under its uploaded name, with the uploaded bytes', async () => {
    const who = await signedInCandidate('cvs-download', (candidate) => [
      pdfCv(`Tester CV ${Date.now()}.pdf`, candidate.name),
    ]);
    const cv = who.cvs[1]!;
    const page = await signedInPage(who, '/cvs');
    const downloadEvent = page.waitForEvent('download', { timeout: WAIT_MS });
    await page.getByRole('button', { name: `Download ${cv.name}` }).click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe(cv.name);
    expect((await downloadedBytes(download)).equals(cv.buffer)).toBe(true);

    // The signup CV's long name with a comma survives too (RFC 6266 file name, design.md §3).
    const second = page.waitForEvent('download', { timeout: WAIT_MS });
    await page.getByRole('button', { name: `Download ${SIGNUP_CV_NAME}` }).click();
    expect((await second).suggestedFilename()).toBe(SIGNUP_CV_NAME);
  });

  it('deletes a CV only after the confirmation; after a reload it is still gone', async () => {
    const who = await signedInCandidate('cvs-delete', (candidate) => [
      pdfCv(`Tester CV ${Date.now()}.pdf`, candidate.name),
    ]);
    const cv = who.cvs[1]!;
    const page = await signedInPage(who, '/cvs');
    await cvRow(page, cv.name).waitFor({ timeout: WAIT_MS });
    const countBefore = await page.getByRole('heading', { name: /^Your CVs \(\d+\)$/ }).innerText();

    await page.getByRole('button', { name: `Delete ${cv.name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this CV?' });
    await dialog.waitFor({ timeout: WAIT_MS });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await cvRow(page, cv.name).isVisible()).toBe(true);

    await page.getByRole('button', { name: `Delete ${cv.name}` }).click();
    await dialog.getByRole('button', { name: 'Delete CV' }).click();
    await expect.poll(() => cvRow(page, cv.name).count(), { timeout: WAIT_MS }).toBe(0);
    const before = Number(/\((\d+)\)/.exec(countBefore)?.[1]);
    await expect
      .poll(() => page.getByRole('heading', { name: `Your CVs (${before - 1})` }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);

    await page.reload();
    await cvRow(page, SIGNUP_CV_NAME).waitFor({ timeout: WAIT_MS });
    expect(await cvRow(page, cv.name).count()).toBe(0);
  });
});
