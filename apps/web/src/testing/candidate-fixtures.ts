import type { Candidate, Cv, CvDrop, JobApplication, JobDetail } from '@careers/contracts/candidate';

/** Wire-shaped test data for the candidate service's answers. Ids are UUIDs as the contracts demand. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const candidate: Candidate = {
  id: uuid(1),
  userId: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phoneNumber: '01234 567890',
  postcode: 'SW1A 1AA',
};

export function cv(n: number, overrides: Partial<Cv> = {}): Cv {
  return {
    id: uuid(100 + n),
    fileName: `cv-${n}.pdf`,
    contentType: 'application/pdf',
    createdOn: '2026-03-12T10:00:00.000Z',
    cvParseStatus: 'Parsed',
    sizeBytes: 120_000,
    ...overrides,
  };
}

export function jobDetail(title: string, overrides: Partial<JobDetail> = {}): JobDetail {
  return {
    jobId: uuid(500),
    title,
    description: 'A job.',
    latitude: null,
    longitude: null,
    addressLine1: null,
    addressLine2: null,
    city: 'Leeds',
    state: null,
    region: null,
    postcode: null,
    isLive: true,
    partTime: false,
    fullTime: true,
    jobType: 1,
    remote: false,
    salaryRateType: 3,
    salaryAmount: null,
    salaryNegotiable: false,
    salaryCurrency: null,
    salaryFrom: null,
    salaryTo: null,
    ...overrides,
  };
}

export function application(n: number, overrides: Partial<JobApplication> = {}): JobApplication {
  return {
    id: uuid(200 + n),
    job: jobDetail(`Job ${n}`),
    business: { id: uuid(300), name: 'Acme Ltd', city: 'Leeds', phone: null, careersDomain: null },
    applicationStatus: 0,
    shortListStatus: null,
    appliedWithCvId: uuid(101),
    appliedWithCvFileName: 'cv-1.pdf',
    appliedOn: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export function cvDrop(n: number, overrides: Partial<CvDrop> = {}): CvDrop {
  return {
    id: uuid(400 + n),
    business: { id: uuid(301 + n), name: `Business ${n}`, city: 'York', phone: null },
    appliedWithCvId: uuid(101),
    appliedWithCvFileName: 'cv-1.pdf',
    appliedOn: '2026-02-01T09:00:00.000Z',
    ...overrides,
  };
}

export function page<K extends 'applications' | 'cvDrops', T>(
  key: K,
  items: T[],
  options: { page?: number; pageSize?: number; total?: number } = {},
) {
  return {
    page: options.page ?? 1,
    pageSize: options.pageSize ?? 10,
    totalApplications: options.total ?? items.length,
    [key]: items,
  } as { page: number; pageSize: number; totalApplications: number } & Record<K, T[]>;
}
