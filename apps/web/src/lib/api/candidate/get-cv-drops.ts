import type { CvDropPage } from '@careers/contracts/candidate';
import { http } from '../../http-client';

/** GET /cv-drops?page=&pageSize= (page is 1-based). */
export async function getCvDrops(page: number, pageSize: number): Promise<CvDropPage> {
  const { data } = await http.candidate.get<CvDropPage>('/cv-drops', { params: { page, pageSize } });
  return data;
}
