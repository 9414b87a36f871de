import { describe, expect, it } from 'vitest';
import type { Job } from '@careers/contracts/candidate';
import { jobFacts, jobHours, jobPlace, jobSalary, jobWorkplace } from './job-facts';

const job = (overrides: Partial<Job> = {}): Job => ({
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Welder',
  description: 'MIG and TIG',
  businessId: '00000000-0000-4000-8000-000000000002',
  businessName: 'Acme Ltd',
  imageRelativeDirectory: 'acme',
  isLive: true,
  ...overrides,
});

describe('the job facts on the apply page (issue 12 item 4)', () => {
  it('words the salary with its currency and period, a range, an open end, or negotiable; nothing when none is given', () => {
    expect(jobSalary({ salaryFrom: 30000, salaryTo: 36000, salaryCurrency: 'GBP', salaryRateType: 3 })).toBe(
      '£30,000 – £36,000 a year',
    );
    expect(jobSalary({ salaryAmount: 15.5, salaryCurrency: 'EUR', salaryRateType: 1 })).toBe('€15.50 an hour');
    expect(jobSalary({ salaryFrom: 200, salaryCurrency: 'GBP', salaryRateType: 2 })).toBe('From £200 a day');
    expect(jobSalary({ salaryTo: 50000, salaryCurrency: 'USD', salaryRateType: 3, salaryNegotiable: true })).toBe(
      'Up to US$50,000 a year (negotiable)',
    );
    expect(jobSalary({ salaryFrom: 20, salaryTo: 20, salaryCurrency: null, salaryRateType: 0 })).toBe('20');
    expect(jobSalary({ salaryAmount: 1000, salaryCurrency: 'ZZ1', salaryRateType: 0 })).toBe('ZZ1 1,000');
    expect(jobSalary({ salaryNegotiable: true })).toBe('Negotiable');
    expect(jobSalary({ salaryFrom: null, salaryTo: null, salaryCurrency: 'GBP', salaryRateType: 3 })).toBeNull();
  });

  it('words hours, workplace and place; leaves out what the job does not give', () => {
    expect(jobHours({ fullTime: true, partTime: true })).toBe('Full or part time');
    expect(jobHours({ fullTime: false, partTime: true })).toBe('Part time');
    expect(jobHours({})).toBeNull();
    expect(jobWorkplace({ workplace: 'Hybrid', remote: false })).toBe('Hybrid (partly remote)');
    expect(jobWorkplace({ remote: true })).toBe('Remote');
    expect(jobWorkplace({ remote: false })).toBe('On-site');
    expect(jobWorkplace({})).toBeNull();
    expect(
      jobPlace({
        addressLine1: ' 1 Quay St ',
        city: 'Leeds',
        region: null,
        state: 'West Yorkshire',
        postcode: 'LS1 1AA',
      }),
    ).toBe('1 Quay St, Leeds, West Yorkshire, LS1 1AA');
    expect(jobPlace({ city: '' })).toBeNull();
  });

  it('lists the facts in the order a candidate weighs them', () => {
    const facts = jobFacts(
      job({
        city: 'Leeds',
        workplace: 'Remote',
        remote: true,
        fullTime: true,
        partTime: false,
        jobType: 2,
        salaryAmount: 400,
        salaryCurrency: 'GBP',
        salaryRateType: 2,
      }),
    );
    expect(facts).toEqual([
      { label: 'Location', value: 'Leeds' },
      { label: 'Workplace', value: 'Remote' },
      { label: 'Hours', value: 'Full time' },
      { label: 'Contract', value: 'Contract' },
      { label: 'Salary', value: '£400 a day' },
    ]);
    expect(jobFacts(job())).toEqual([]);
  });
});
