import { useQuery } from '@tanstack/react-query';
import type { CareersPage, JobSearchResult } from '@careers/contracts/careers';
import { candidatePublicClient } from '../../../lib/candidate-public-client';

/*
 * The public careers page and job search, when the browser renders them itself (the server rendered them
 * otherwise, and its data is the first data: no request, no spinner, and hydration matches).
 */

export function useCareersPage(slug: string, initial: CareersPage | undefined) {
  return useQuery({
    queryKey: ['careers-page', slug],
    queryFn: async () => (await candidatePublicClient.get<CareersPage>(`/careers/${encodeURIComponent(slug)}`)).data,
    initialData: initial,
    retry: false,
  });
}

export function useJobSearch(query: string, initial: JobSearchResult | undefined) {
  return useQuery({
    queryKey: ['job-search', query],
    queryFn: async () => (await candidatePublicClient.get<JobSearchResult>(`/jobs${query}`)).data,
    initialData: initial,
    retry: false,
  });
}
