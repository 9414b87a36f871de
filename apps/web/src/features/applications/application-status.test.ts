import { describe, expect, it } from 'vitest';
import { ApplicationStatus, applicationStatusOrder } from '@careers/contracts/enums';
import { applicationStatusText, describeApplicationStatus } from './application-status';

describe('application status wording', () => {
  it('words every status of the enumeration for candidates', () => {
    expect(applicationStatusOrder.map((status) => applicationStatusText[status].label)).toEqual([
      'Application received',
      'Under review',
      'Interview to be scheduled',
      'Interviewed',
      'Offer',
      'Hired',
      'Not selected',
    ]);
  });

  it('marks good news and a rejection apart, and survives an unknown value', () => {
    expect(describeApplicationStatus(ApplicationStatus.Hired).tone).toBe('success');
    expect(describeApplicationStatus(ApplicationStatus.Reject).tone).toBe('danger');
    expect(describeApplicationStatus(99)).toEqual({ label: 'In progress', tone: 'neutral' });
  });
});
