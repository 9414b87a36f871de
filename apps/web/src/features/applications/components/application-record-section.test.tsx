import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ApplicationRecord } from '@careers/contracts/screening';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { ApplicationRecordSection as CandidateSection } from './application-record-section';

const record: ApplicationRecord = {
  applicationId: '7d1f2c3a-0000-4000-8000-000000000001',
  appliedOn: '2026-11-20T10:00:00.000Z',
  cvFileName: 'nora.pdf',
  cvSha256: 'a'.repeat(64),
  adVersion: 1,
  adChangedSince: true,
  ad: {
    title: 'Van driver',
    description: 'Deliveries around Leeds',
    businessName: 'Leeds Vans',
    city: 'Leeds',
    fullTime: true,
  },
  answers: [
    {
      questionId: 'licence',
      question: 'Do you hold a UK driving licence?',
      requirement: 'Required for this job: Yes',
      answer: 'No',
      meetsRequirement: false,
    },
    { questionId: 'note', question: 'Anything else?', requirement: null, answer: null, meetsRequirement: null },
  ],
  doesNotMeet: ['Do you hold a UK driving licence? (Required for this job: Yes; answered No)'],
};

describe("the candidate's receipt and the ad as it was (docs/decisions/0401)", () => {
  it('the candidate reads the ad they applied to after it changed, their answers and the receipt', async () => {
    fakeServices((request) =>
      request.url === `/job-applications/${record.applicationId}/record`
        ? { status: 200, data: { record } }
        : undefined,
    );
    renderPage(<CandidateSection application={{ id: record.applicationId }} />);
    const section = await screen.findByRole('region', { name: 'Your receipt' });
    expect(
      within(section).getByText('The employer has changed the ad since you applied. This is the ad you applied to.'),
    ).toBeInTheDocument();
    expect(within(section).getByText('Deliveries around Leeds')).toBeInTheDocument();
    expect(within(section).getByText('a'.repeat(64))).toBeInTheDocument();
    expect(within(section).getByText('Does not meet: Required for this job: Yes')).toBeInTheDocument();
    expect(within(section).getByText('Not answered')).toBeInTheDocument();
  });

  it('an application sent before receipts were kept shows no section', async () => {
    const network = fakeServices((request) =>
      request.url.endsWith('/record') ? { status: 200, data: { record: null } } : undefined,
    );
    const { container } = renderPage(<CandidateSection application={{ id: record.applicationId }} />);
    await expect.poll(() => network.requests.length).toBeGreaterThan(0);
    expect(container.querySelector('section')).toBeNull();
  });
});
