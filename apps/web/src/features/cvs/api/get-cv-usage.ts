import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CvDrop, JobApplication } from '@careers/contracts/candidate';
import { getCvDrops } from '../../../lib/api/candidate/get-cv-drops';
import { getJobApplications } from '../../../lib/api/candidate/get-job-applications';
import { queryKeys } from '../../../lib/query-keys';

/** The largest page the candidate service gives (design.md §3). */
const PAGE_SIZE = 100;
/** A bound on the pages read, so a huge history cannot keep the page busy. */
const MAX_PAGES = 20;

export interface CvUse {
  kind: 'application' | 'cv-drop';
  id: string;
  /** The job title for an application; absent for a CV drop. */
  jobTitle?: string;
  businessName: string;
  /** The business, for "Delete my CV at {business}" (docs/decisions/0443). */
  businessId: string;
  /** The end of the business's legal hold, when it declared one. */
  legalHoldUntil?: string | null;
  on: string;
}

/** Where each CV was sent, by CV id, newest first. */
export type CvUsage = Map<string, CvUse[]>;

async function readAll<T>(
  readPage: (page: number, pageSize: number) => Promise<{ items: T[]; total: number }>,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const parsed = await readPage(page, PAGE_SIZE);
    items.push(...parsed.items);
    if (parsed.items.length < PAGE_SIZE || items.length >= parsed.total) break;
  }
  return items;
}

export function buildCvUsage(applications: JobApplication[], cvDrops: CvDrop[]): CvUsage {
  const usage: CvUsage = new Map();
  const add = (cvId: string | null, use: CvUse) => {
    if (!cvId) return;
    const list = usage.get(cvId) ?? [];
    list.push(use);
    usage.set(cvId, list);
  };
  for (const application of applications) {
    add(application.appliedWithCvId, {
      kind: 'application',
      id: application.id,
      jobTitle: application.job.title,
      businessName: application.business.name,
      businessId: application.business.id,
      legalHoldUntil: application.legalHoldUntil ?? null,
      on: application.appliedOn,
    });
  }
  for (const drop of cvDrops) {
    add(drop.appliedWithCvId, {
      kind: 'cv-drop',
      id: drop.id,
      businessName: drop.business.name,
      businessId: drop.business.id,
      on: drop.appliedOn,
    });
  }
  for (const list of usage.values()) list.sort((a, b) => Date.parse(b.on) - Date.parse(a.on));
  return usage;
}

/** Reads every job application and CV drop (GET /job-applications, GET /cv-drops) and groups them by CV. */
export async function getCvUsage(): Promise<CvUsage> {
  const [applications, cvDrops] = await Promise.all([
    readAll(async (page, pageSize) => {
      const answer = await getJobApplications(page, pageSize);
      return { items: answer.applications, total: answer.totalApplications };
    }),
    readAll(async (page, pageSize) => {
      const answer = await getCvDrops(page, pageSize);
      return { items: answer.cvDrops, total: answer.totalApplications };
    }),
  ]);
  return buildCvUsage(applications, cvDrops);
}

export const cvUsageQueryOptions = () => queryOptions({ queryKey: queryKeys.cvUsage, queryFn: getCvUsage });

export function useCvUsage() {
  return useQuery(cvUsageQueryOptions());
}
