import { describe, expect, it } from 'vitest';
import { createJobSchema, SALARY_NEEDS_CURRENCY, SALARY_NEEDS_PERIOD } from '../src/employer';

const job = (salary: Record<string, unknown>) => ({ title: 'Night Baker', ...salary });

function problems(salary: Record<string, unknown>): Record<string, string> {
  const parsed = createJobSchema.safeParse(job(salary));
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('a job states a salary with its currency and period (createJobSchema)', () => {
  it('refuses an amount, a range or one end of one without a period, naming the field', () => {
    for (const amounts of [{ salaryAmount: 12.6 }, { salaryFrom: 12.6, salaryTo: 13.4 }, { salaryFrom: 12.6 }]) {
      expect(problems({ ...amounts, salaryCurrency: 'GBP' })).toEqual({ salaryRateType: SALARY_NEEDS_PERIOD });
      expect(problems({ ...amounts, salaryCurrency: 'GBP', salaryRateType: 0 })).toEqual({
        salaryRateType: SALARY_NEEDS_PERIOD,
      });
    }
  });

  it('refuses an amount without a currency (absent, empty or null)', () => {
    for (const currency of [{}, { salaryCurrency: '' }, { salaryCurrency: null }]) {
      expect(problems({ salaryFrom: 12.6, salaryTo: 13.4, salaryRateType: 1, ...currency })).toEqual({
        salaryCurrency: SALARY_NEEDS_CURRENCY,
      });
    }
    expect(problems({ salaryAmount: 30000 })).toEqual({
      salaryRateType: SALARY_NEEDS_PERIOD,
      salaryCurrency: SALARY_NEEDS_CURRENCY,
    });
  });

  it('takes a whole salary, and a job with no amount needs neither (negotiable alone is fine)', () => {
    expect(problems({ salaryFrom: 12.6, salaryTo: 13.4, salaryRateType: 1, salaryCurrency: 'gbp' })).toEqual({});
    expect(createJobSchema.parse(job({ salaryAmount: 30000, salaryRateType: 3, salaryCurrency: 'eur' }))).toMatchObject(
      {
        salaryAmount: 30000,
        salaryRateType: 3,
        salaryCurrency: 'EUR',
      },
    );
    expect(problems({})).toEqual({});
    expect(problems({ salaryNegotiable: true, salaryCurrency: '' })).toEqual({});
    expect(problems({ salaryAmount: null, salaryFrom: null, salaryTo: null, salaryRateType: 0 })).toEqual({});
  });
});
