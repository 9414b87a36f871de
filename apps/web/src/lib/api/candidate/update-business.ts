import type { UpdateBusiness } from '@careers/contracts/employer';
import { http } from '../../http-client';

/** PUT /business: the employer's business details. */
export async function updateBusiness(body: UpdateBusiness): Promise<void> {
  await http.candidate.put('/business', body);
}
