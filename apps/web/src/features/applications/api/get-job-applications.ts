import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJobApplications } from '../../../lib/api/candidate/get-job-applications';
import { queryKeys } from '../../../lib/query-keys';
import { APPLICATIONS_PAGE_SIZE } from './page-size';

export { APPLICATIONS_PAGE_SIZE };

export const jobApplicationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.jobApplications(page),
    queryFn: () => getJobApplications(page, APPLICATIONS_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });

export function useJobApplications(page: number) {
  return useQuery(jobApplicationsQueryOptions(page));
}
