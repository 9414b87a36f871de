/**
 * A CV the candidate deletes while a business holding it is under a legal hold (docs/decisions/0494), in the
 * browser at 360 px: it leaves the CVs page at once, the page says who keeps a copy until when (also after a
 * reload), and the business still downloads it. The hold's end and the retention job that then deletes the copy
 * are tested on an injected clock in services/candidate/test/legal-hold-deletions.test.ts.
 */
import { describe, expect, inject, it } from 'vitest';
import { PHONE, usePortalPages } from '../support/browser';
import { applyViaApi, createJob, newEmployer, uploadCvViaApi } from '../support/employer';
import { pdfCv } from '../support/files';
import { registerCandidateByApi } from '../support/apply-flows';
import { newCandidate, signedInStateByApi } from '../support/flows';
import { useLooks } from '../support/screens';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();
const look = useLooks('retention-legal-hold');
const DAY = 24 * 60 * 60 * 1000;

describe('retention: a CV deleted under a legal hold', () => {
  it('leaves the list, and the page names the business that keeps a copy until the hold ends', async () => {
    const { candidateUrl } = inject('stack');
    const employer = await newEmployer('legal-hold');
    const job = await createJob(employer, `Held Roaster ${Date.now()}`);
    const employerHeaders = { authorization: `Bearer ${employer.accessToken}` };
    const hold = await fetch(`${candidateUrl}/business/retention`, {
      method: 'PUT',
      headers: { ...employerHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ country: 'IE', legalHoldUntil: new Date(Date.now() + 90 * DAY).toISOString() }),
    });
    expect(hold.status).toBe(200);

    const candidate = newCandidate('legal-hold');
    const { token } = await registerCandidateByApi(candidate);
    const cvId = await uploadCvViaApi(token, pdfCv('Held CV.pdf', candidate.name));
    await applyViaApi(token, job.id, cvId);

    const phone = await openPage({ viewport: PHONE, storageState: await signedInStateByApi(candidate.email) });
    await phone.goto('/cvs');
    await phone.getByRole('button', { name: 'Delete Held CV.pdf' }).click({ timeout: WAIT_MS });
    await phone.getByRole('alertdialog').getByRole('button', { name: 'Delete CV' }).click();
    const business = employer.businessName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const line = phone.getByText(
      new RegExp(`^${business} keeps a copy under a legal hold until \\d{1,2} \\w{3} \\d{4}$`),
    );
    await line.waitFor({ timeout: WAIT_MS });
    await phone.getByRole('heading', { name: 'Deleted CVs kept under a legal hold' }).waitFor();
    expect(await phone.getByRole('heading', { name: 'Held CV.pdf' }).count()).toBe(0);
    await look(phone, 'cv-kept-under-hold', '360 px');

    await phone.reload();
    await line.waitFor({ timeout: WAIT_MS });
    expect(await phone.getByRole('heading', { name: 'Held CV.pdf' }).count()).toBe(0);

    const download = await fetch(`${candidateUrl}/business/cvs/${cvId}/download`, { headers: employerHeaders });
    expect(download.status).toBe(200);
    const own = await fetch(`${candidateUrl}/cvs/download/${cvId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(own.status).toBe(404);
  }, 240_000);
});
