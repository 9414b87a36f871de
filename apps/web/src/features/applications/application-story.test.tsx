import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ApplicationStatus } from '@careers/contracts/enum-values';
import { application } from '../../testing/candidate-fixtures';
import { renderPage } from '../../testing/render';
import { formatChosenDay } from '../../lib/format';
import { applicationBadge, closeLine, waitingQuestion } from './application-story';
import { canWithdraw } from './withdrawal';
import { nextSteps } from './components/home-overview';
import { ApplicationCard } from './components/application-card';

/** One story of a closed job's application (docs/decisions/0547), as the page, the card and home tell it. */
describe('the story of an application whose job closed', () => {
  const now = Date.parse('2027-03-22T12:00:00Z');
  const closedWithCancel = application(1, {
    applicationStatus: ApplicationStatus.ScheduleInterview,
    jobClosed: { on: '2027-03-22T10:00:00.000Z', outcome: 'filled' },
    endingReason: null,
    keepOnFile: null,
    interview: {
      status: 'cancelled',
      startsAt: '2027-03-23T09:00:00.000Z',
      endsAt: '2027-03-23T09:45:00.000Z',
      cancelledBy: 'employer',
      cancelledOnClose: true,
    },
  });

  it('says the close, the cancelled interview and what comes next in one line; no Withdraw, a "Job closed" badge', () => {
    const line = closeLine(closedWithCancel, now)!;
    expect(line).toMatch(
      /^.+ closed this job on 22 Mar 2027: the position was filled\. Your interview on .+ is cancelled\./,
    );
    expect(line).toContain('Your application ends with it');
    expect(applicationBadge(closedWithCancel)).toEqual({ label: 'Job closed', tone: 'neutral' });
    expect(canWithdraw(closedWithCancel)).toBe(false);
    expect(waitingQuestion(closedWithCancel)).toBeNull();
  });

  it('asks the one waiting question, with the day the employer chose whatever the reader’s zone', () => {
    const asked = application(2, {
      jobClosed: { on: '2027-03-22T10:00:00.000Z', outcome: 'closed' },
      keepOnFile: { until: '2027-06-01T23:59:59.000Z', askedOn: '2027-03-22T10:00:00.000Z', answer: null },
    });
    expect(formatChosenDay('2027-06-01T23:59:59.000Z')).toBe('1 Jun 2027');
    expect(waitingQuestion(asked)?.text).toContain('on file until 1 Jun 2027. Do you agree?');
    expect(waitingQuestion(asked)?.to).toMatch(/#keep-on-file$/);
  });

  it('home lists the close and the question instead of "Nothing for now"', () => {
    const asked = application(3, {
      jobClosed: { on: '2027-03-22T10:00:00.000Z', outcome: 'closed' },
      keepOnFile: { until: '2027-06-01T23:59:59.000Z', askedOn: '2027-03-22T10:00:00.000Z', answer: null },
    });
    const booked = application(4, {
      applicationStatus: ApplicationStatus.ScheduleInterview,
      interview: {
        status: 'booked',
        startsAt: '2027-03-25T09:00:00.000Z',
        endsAt: '2027-03-25T09:45:00.000Z',
        cancelledBy: null,
        cancelledOnClose: false,
      },
    });
    const steps = nextSteps([closedWithCancel, asked, booked], 3, 1, now);
    expect(steps.map((s) => s.text).join('\n')).toMatch(/closed this job on 22 Mar 2027/);
    expect(steps.some((s) => s.text.includes('Do you agree?'))).toBe(true);
    expect(steps.some((s) => s.text.startsWith('Your interview for') && s.to?.endsWith('#interview'))).toBe(true);
  });

  it('the card tells the same line and question', () => {
    renderPage(
      <ul>
        <ApplicationCard application={closedWithCancel} />
      </ul>,
    );
    expect(screen.getByText(/closed this job on 22 Mar 2027/)).toBeVisible();
    expect(screen.getByText('Job closed')).toBeVisible();
    expect(screen.queryByRole('button', { name: /withdraw/i })).toBeNull();
  });
});
