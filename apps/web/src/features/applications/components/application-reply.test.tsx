import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { JobApplication } from '@careers/contracts/candidate';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { KeepOnFileSection, ReplyFacts } from './application-reply';

const DAY = 24 * 60 * 60 * 1000;
const appliedOn = '2026-11-01T10:00:00.000Z';
const applied = Date.parse(appliedOn);

const application = (changes: Partial<JobApplication> = {}): JobApplication =>
  ({
    id: '7d1f2c3a-0000-4000-8000-000000000002',
    job: { jobId: '7d1f2c3a-0000-4000-8000-000000000003', title: 'Baker', isLive: true },
    business: { id: 'b', name: 'Leeds Bakes', city: 'Leeds', phone: null, careersDomain: null },
    applicationStatus: 0,
    shortListStatus: null,
    appliedWithCvId: null,
    appliedOn,
    replyWithinDays: 14,
    replyDueOn: new Date(applied + 14 * DAY).toISOString(),
    awaitingReply: true,
    endingReason: null,
    keepOnFile: null,
    ...changes,
  }) as JobApplication;

const facts = (app: JobApplication, now: number) =>
  render(
    <dl>
      <ReplyFacts application={app} now={now} />
    </dl>,
  );

describe('reply times and endings on the candidate side (docs/decisions/0410-0413)', () => {
  it('shows the wait against the promise, then overdue past it, and nothing once answered', () => {
    const { unmount } = facts(application(), applied + 5 * DAY + 1000);
    expect(screen.getByText('Waiting 5 days of the 14 days Leeds Bakes promised')).toBeInTheDocument();
    unmount();
    const late = facts(application(), applied + 16 * DAY + 1000);
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(
      screen.getByText(/Leeds Bakes promised a reply within 14 days; you have waited 16 days\./),
    ).toBeInTheDocument();
    late.unmount();
    facts(application({ awaitingReply: false, applicationStatus: 10 }), applied + 16 * DAY);
    expect(screen.queryByText('Reply')).not.toBeInTheDocument();
  });

  it("names the job's outcome as the reason of the final status", () => {
    facts(application({ awaitingReply: false, applicationStatus: 255, endingReason: 'filled' }), applied + 20 * DAY);
    expect(screen.getByText('Outcome')).toBeInTheDocument();
    expect(screen.getByText('The position was filled')).toBeInTheDocument();
  });

  it('asks the candidate kept on file, says until when, and sends the answer', async () => {
    const keepOnFile = { until: '2027-05-01T23:59:59.000Z', askedOn: '2026-11-20T10:00:00.000Z', answer: null };
    const network = fakeServices((request) =>
      request.method === 'PUT' && request.url.endsWith('/keep-on-file')
        ? { status: 200, data: { ...keepOnFile, answer: 'agreed' } }
        : undefined,
    );
    renderPage(<KeepOnFileSection application={application({ awaitingReply: false, keepOnFile })} />);
    const section = screen.getByRole('region', { name: 'Kept on file' });
    expect(within(section).getByText(/asks to keep your application on file until 1 May 2027/)).toBeInTheDocument();
    fireEvent.click(within(section).getByRole('button', { name: 'Agree to stay on file' }));
    await expect.poll(() => network.called('PUT', `/job-applications/${application().id}/keep-on-file`).length).toBe(1);
    expect(network.called('PUT', `/job-applications/${application().id}/keep-on-file`)[0]!.data).toEqual({
      agree: true,
    });
  });
});
