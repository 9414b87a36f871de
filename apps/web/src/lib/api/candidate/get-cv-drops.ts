import type { CvDropPage } from '@careers/contracts/candidate';
import { http } from '../../http-client';
import { candidateContracts } from '../../schemas';

/** GET /cv-drops?page=&pageSize= (page is 1-based). */
export async function getCvDrops(page: number, pageSize: number): Promise<CvDropPage> {
  const contracts = candidateContracts();
  const { data } = await http.candidate.get<unknown>('/cv-drops', { params: { page, pageSize } });
  return (await contracts).cvDropPageSchema.parse(data);
}
