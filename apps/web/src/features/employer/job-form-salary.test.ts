import { describe, expect, it } from 'vitest';
import { jobFormSchema, type JobForm } from './forms';

const form = (salary: Partial<JobForm>): JobForm => ({
  title: 'Kitchen Porter',
  description: '',
  city: 'Leeds',
  postcode: '',
  jobType: '1',
  hours: 'full',
  workplace: 'OnSite',
  salaryRateType: '0',
  salaryFrom: '',
  salaryTo: '',
  salaryCurrency: 'GBP',
  validThrough: '',
  ...salary,
});

const errors = (values: JobForm) => {
  const parsed = jobFormSchema.safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the job form asks for the period and the currency once an amount is given', () => {
  it('refuses an amount with "No salary given" as its period', () => {
    expect(errors(form({ salaryFrom: '12.60', salaryTo: '13.40' }))).toEqual({
      salaryRateType: 'Choose what the salary is per: hour, day or year',
    });
    expect(errors(form({ salaryTo: '13.40' }))).toHaveProperty('salaryRateType');
  });

  it('refuses an amount without a currency', () => {
    expect(errors(form({ salaryFrom: '12.60', salaryRateType: '1', salaryCurrency: '' }))).toEqual({
      salaryCurrency: 'Enter the currency of the salary, such as GBP',
    });
  });

  it('takes a whole salary, and no salary at all', () => {
    expect(errors(form({ salaryFrom: '12.60', salaryTo: '13.40', salaryRateType: '1' }))).toEqual({});
    expect(errors(form({}))).toEqual({});
    expect(errors(form({ salaryCurrency: '' }))).toEqual({});
  });
});

describe('the job form’s expiry (docs/decisions/0371)', () => {
  it('takes a day or nothing', () => {
    expect(jobFormSchema.safeParse(form({ validThrough: '2027-01-31' })).success).toBe(true);
    expect(jobFormSchema.safeParse(form({ validThrough: '' })).success).toBe(true);
    expect(jobFormSchema.safeParse(form({ validThrough: '31/01/2027' })).success).toBe(false);
  });
});
