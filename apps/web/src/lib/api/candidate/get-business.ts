import type { BusinessDetail } from '@careers/contracts/candidate-api';
import { toApiError } from '../../api-error';
import { http } from '../../http-client';

/** GET /business: the employer's business, or null when they have not created it yet (404). */
export async function findBusiness(): Promise<BusinessDetail | null> {
  try {
    const { data } = await http.candidate.get<BusinessDetail | null>('/business');
    return data;
  } catch (error) {
    if (toApiError(error).status === 404) return null;
    throw error;
  }
}
