import type { Job } from '@careers/contracts/candidate';
import { JobType, SalaryRateType, Workplace } from '@careers/contracts/enum-values';

/**
 * What a candidate decides on (issue 12 item 4), as the apply page words it. Pure and locale-fixed
 * (en-GB, like lib/format.ts), so the server's first paint and the browser's hydration agree.
 */
export interface JobFact {
  label: string;
  value: string;
}

const LOCALE = 'en-GB';

/** The place as one line: street, city, region, postcode (what the job gives of them). */
export function jobPlace(job: Pick<Job, 'addressLine1' | 'city' | 'region' | 'state' | 'postcode'>): string | null {
  const parts = [job.addressLine1, job.city, job.region ?? job.state, job.postcode]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(', ') : null;
}

export function jobHours(job: Pick<Job, 'fullTime' | 'partTime'>): string | null {
  if (job.fullTime && job.partTime) return 'Full or part time';
  if (job.fullTime) return 'Full time';
  if (job.partTime) return 'Part time';
  return null;
}

export function jobWorkplace(job: Pick<Job, 'workplace' | 'remote'>): string | null {
  const workplace =
    job.workplace ?? (job.remote === undefined ? undefined : job.remote ? Workplace.Remote : Workplace.OnSite);
  switch (workplace) {
    case Workplace.Remote:
      return 'Remote';
    case Workplace.Hybrid:
      return 'Hybrid (partly remote)';
    case Workplace.OnSite:
      return 'On-site';
    default:
      return null;
  }
}

const PERIOD: Partial<Record<number, string>> = {
  [SalaryRateType.Hourly]: 'an hour',
  [SalaryRateType.Daily]: 'a day',
  [SalaryRateType.Annual]: 'a year',
};

function money(amount: number, currency: string | null | undefined): string {
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  if (currency) {
    try {
      return new Intl.NumberFormat(LOCALE, {
        style: 'currency',
        currency,
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      }).format(amount);
    } catch {
      // A code Intl does not know (kept from before the service checked it): shown as it is.
    }
  }
  const number = new Intl.NumberFormat(LOCALE, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(amount);
  return currency ? `${currency} ${number}` : number;
}

/** '£30,000 – £36,000 a year', 'From £15 an hour', 'Negotiable'; null when the job gives no salary. */
export function jobSalary(
  job: Pick<Job, 'salaryAmount' | 'salaryFrom' | 'salaryTo' | 'salaryCurrency' | 'salaryRateType' | 'salaryNegotiable'>,
): string | null {
  const { salaryAmount: amount, salaryFrom: from, salaryTo: to, salaryCurrency: currency } = job;
  const isNumber = (value: number | null | undefined): value is number =>
    typeof value === 'number' && Number.isFinite(value);
  let text: string | null = null;
  if (isNumber(amount)) text = money(amount, currency);
  else if (isNumber(from) && isNumber(to))
    text = from === to ? money(from, currency) : `${money(from, currency)} – ${money(to, currency)}`;
  else if (isNumber(from)) text = `From ${money(from, currency)}`;
  else if (isNumber(to)) text = `Up to ${money(to, currency)}`;
  if (text === null) return job.salaryNegotiable ? 'Negotiable' : null;
  const period = job.salaryRateType === undefined ? undefined : PERIOD[job.salaryRateType];
  return `${text}${period ? ` ${period}` : ''}${job.salaryNegotiable ? ' (negotiable)' : ''}`;
}

/** A job's promise to reply, as the apply page's facts and the job lists word it: "Within 14 days". */
export const jobReplyWithin = (days: number) => (days === 1 ? 'Within 1 day' : `Within ${days} days`);

/** The facts shown under the apply page's title, in the order a candidate weighs them; a fact the job does not give is left out. */
export function jobFacts(job: Job): JobFact[] {
  const facts: (JobFact | null)[] = [
    fact('Location', jobPlace(job)),
    fact('Workplace', jobWorkplace(job)),
    fact('Hours', jobHours(job)),
    fact('Contract', job.jobType === undefined ? null : job.jobType === JobType.Contract ? 'Contract' : 'Permanent'),
    fact('Salary', jobSalary(job)),
  ];
  return facts.filter((item): item is JobFact => item !== null);
}

const fact = (label: string, value: string | null): JobFact | null => (value ? { label, value } : null);
