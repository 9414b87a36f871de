import type { CareersPageSettings } from '@careers/contracts/careers';
import { http } from '../../http-client';

/** GET /business/careers-page: the careers page's address (slug) and its about us. */
export async function getCareersPageSettings(): Promise<CareersPageSettings> {
  return (await http.candidate.get<CareersPageSettings>('/business/careers-page')).data;
}

/** PUT /business/careers-page: the old address then redirects to the new one. */
export async function saveCareersPageSettings(body: CareersPageSettings): Promise<CareersPageSettings> {
  return (await http.candidate.put<CareersPageSettings>('/business/careers-page', body)).data;
}
