import type { EmployerApplicationDetail } from '@careers/contracts/employer';
import { http } from '../../http-client';

/** GET /business/applications/{id}: contact details, CV, status history, utm source and campaign. */
export async function getBusinessApplication(applicationId: string): Promise<EmployerApplicationDetail> {
  const { data } = await http.candidate.get<EmployerApplicationDetail>(
    `/business/applications/${encodeURIComponent(applicationId)}`,
  );
  return data;
}
