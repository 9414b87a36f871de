import type { EmployerApplicationDetail } from '@careers/contracts/employer';
import { http } from '../../http-client';
import { employerContracts } from '../../schemas';

/** GET /business/applications/{id}: contact details, CV, status history, utm source and campaign. */
export async function getBusinessApplication(applicationId: string): Promise<EmployerApplicationDetail> {
  const contracts = employerContracts();
  const { data } = await http.candidate.get<unknown>(`/business/applications/${encodeURIComponent(applicationId)}`);
  return (await contracts).employerApplicationDetailSchema.parse(data);
}
