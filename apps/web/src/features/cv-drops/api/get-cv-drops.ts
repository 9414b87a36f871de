import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cvDropPageSchema, type CvDropPage } from '@careers/contracts/candidate';
import { http } from '../../../lib/http-client';

export const CV_DROPS_PAGE_SIZE = 10;

/** GET /cv-drops?page=&pageSize= (page is 1-based). */
export async function getCvDrops(page: number, pageSize: number = CV_DROPS_PAGE_SIZE): Promise<CvDropPage> {
  const { data } = await http.candidate.get<unknown>('/cv-drops', { params: { page, pageSize } });
  return cvDropPageSchema.parse(data);
}

export const cvDropsQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['cv-drops', page], queryFn: () => getCvDrops(page), placeholderData: keepPreviousData });

export function useCvDrops(page: number) {
  return useQuery(cvDropsQueryOptions(page));
}
