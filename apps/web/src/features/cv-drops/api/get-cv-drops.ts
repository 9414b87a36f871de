import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getCvDrops } from '../../../lib/api/candidate/get-cv-drops';
import { queryKeys } from '../../../lib/query-keys';

export const CV_DROPS_PAGE_SIZE = 10;

export const cvDropsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.cvDrops(page),
    queryFn: () => getCvDrops(page, CV_DROPS_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });

export function useCvDrops(page: number) {
  return useQuery(cvDropsQueryOptions(page));
}
