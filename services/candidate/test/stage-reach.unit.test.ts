import { describe, expect, it } from 'vitest';
import { ApplicationStatus } from '@careers/contracts/enums';
import { countReached } from '../src/modules/applications/stage-reach';

const {
  ApplicationPending: New,
  Qualify,
  ScheduleInterview,
  Interviewed,
  MakeOffer,
  Hired,
  Reject,
} = ApplicationStatus;

describe('how far applications got (countReached)', () => {
  it('counts an application for its furthest stage and every stage before it, skipped ones too', () => {
    // The console once read 'New 1 (100%), Qualify 0, Schedule interview 1 (100%)' for one application moved
    // from New straight to Schedule interview.
    expect(countReached([{ furthest: ScheduleInterview, rejected: false, applications: 1 }])).toEqual([
      { applicationStatus: New, applications: 1 },
      { applicationStatus: Qualify, applications: 1 },
      { applicationStatus: ScheduleInterview, applications: 1 },
    ]);
  });

  it('never grows from one stage to the next, and counts rejections apart from the stages', () => {
    const counts = countReached([
      { furthest: New, rejected: false, applications: 4 },
      { furthest: Qualify, rejected: true, applications: 2 },
      { furthest: Interviewed, rejected: false, applications: 1 },
      { furthest: Hired, rejected: false, applications: 1 },
      { furthest: New, rejected: true, applications: 3 },
    ]);
    expect(counts).toEqual([
      { applicationStatus: New, applications: 11 },
      { applicationStatus: Qualify, applications: 4 },
      { applicationStatus: ScheduleInterview, applications: 2 },
      { applicationStatus: Interviewed, applications: 2 },
      { applicationStatus: MakeOffer, applications: 1 },
      { applicationStatus: Hired, applications: 1 },
      { applicationStatus: Reject, applications: 5 },
    ]);
    const stages = counts.filter((row) => row.applicationStatus !== Reject).map((row) => row.applications);
    expect(stages).toEqual([...stages].sort((a, b) => b - a));
  });

  it('reads a status it does not know as the stage below it, and answers nothing for no applications', () => {
    expect(countReached([{ furthest: 25, rejected: false, applications: 1 }])).toEqual([
      { applicationStatus: New, applications: 1 },
      { applicationStatus: Qualify, applications: 1 },
      { applicationStatus: ScheduleInterview, applications: 1 },
    ]);
    expect(countReached([])).toEqual([]);
  });
});
