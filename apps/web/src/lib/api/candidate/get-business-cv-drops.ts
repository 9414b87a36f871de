import type { z } from 'zod';
import type { employerCvDropSchema } from '@careers/contracts/employer';
import { http } from '../../http-client';

export type BusinessCvDrop = z.infer<typeof employerCvDropSchema>;

/** GET /business/cv-drops?page=&pageSize=: CVs candidates left with the business, newest first. */
export async function getBusinessCvDrops(page: number, pageSize: number): Promise<BusinessCvDrop[]> {
  const { data } = await http.candidate.get<BusinessCvDrop[]>('/business/cv-drops', { params: { page, pageSize } });
  return data;
}
