import type { CreateCvDrop } from '@careers/contracts/candidate';
import { http } from '../../http-client';

/** POST /cv-drops: sends a CV to an employer unprompted (here: one whose job is no longer live). */
export async function createCvDrop(body: CreateCvDrop): Promise<void> {
  await http.candidate.post('/cv-drops', body);
}
