import { employerApplicationDetailSchema, type EmployerApplicationDetail } from '@careers/contracts/employer';
import { http } from '../../http-client';

/** GET /business/applications/{id}: contact details, CV, status history, utm source and campaign. */
export async function getBusinessApplication(applicationId: string): Promise<EmployerApplicationDetail> {
  const { data } = await http.candidate.get<unknown>(`/business/applications/${encodeURIComponent(applicationId)}`);
  return employerApplicationDetailSchema.parse(data);
}
