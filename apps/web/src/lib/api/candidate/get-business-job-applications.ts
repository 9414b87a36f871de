import type { EmployerApplicationPage } from '@careers/contracts/employer';
import type { ApplicationStatus } from '@careers/contracts/enums';
import { http } from '../../http-client';

export interface BusinessApplicationQuery {
  page: number;
  pageSize: number;
  status?: ApplicationStatus | undefined;
  /** A name or e-mail search; empty searches everything. */
  search?: string | undefined;
  /** true: only withdrawn applications; false: only those that stand; undefined: both. */
  withdrawn?: boolean | undefined;
}

/** GET /business/jobs/{id}/applications: newest first, optionally one status and a name/e-mail search. */
export async function getBusinessJobApplications(
  jobId: string,
  query: BusinessApplicationQuery,
): Promise<EmployerApplicationPage> {
  const { data } = await http.candidate.get<EmployerApplicationPage>(
    `/business/jobs/${encodeURIComponent(jobId)}/applications`,
    {
      params: {
        page: query.page,
        pageSize: query.pageSize,
        status: query.status,
        search: query.search || undefined,
        withdrawn: query.withdrawn === undefined ? undefined : String(query.withdrawn),
      },
    },
  );
  return data;
}
