import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { EmployerApplication } from '@careers/contracts/employer';
import { ReplyMark } from './job-endings';

const DAY = 24 * 60 * 60 * 1000;
const appliedOn = '2026-11-01T10:00:00.000Z';
const applied = Date.parse(appliedOn);

const application = (changes: Partial<EmployerApplication> = {}): EmployerApplication =>
  ({
    id: 'a',
    jobId: 'j',
    candidate: { id: 'c', name: 'Ola', email: 'o@example.test', phoneNumber: '1', postcode: 'M1' },
    emailVerified: true,
    applicationStatus: 0,
    appliedWithCvId: null,
    appliedOn,
    readyToWork: true,
    utmSource: null,
    utmCampaign: null,
    replyWithinDays: 14,
    replyDueOn: new Date(applied + 14 * DAY).toISOString(),
    awaitingReply: true,
    endingReason: null,
    keepOnFile: null,
    ...changes,
  }) as EmployerApplication;

describe('reply times and endings in the console list (docs/decisions/0410-0413)', () => {
  it('marks an overdue application, shows the wait before, and the outcome after the job closed', () => {
    const overdue = render(<ReplyMark application={application()} now={applied + 15 * DAY + 1000} />);
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByText(/waiting 15 days, you promise 14 days/)).toBeInTheDocument();
    overdue.unmount();
    const waiting = render(<ReplyMark application={application()} now={applied + 2 * DAY + 1000} />);
    expect(screen.getByText('Waiting 2 days of 14 days')).toBeInTheDocument();
    waiting.unmount();
    render(<ReplyMark application={application({ awaitingReply: false, endingReason: 'closed' })} />);
    expect(screen.getByText('Outcome: The job was closed without a decision')).toBeInTheDocument();
  });
});
