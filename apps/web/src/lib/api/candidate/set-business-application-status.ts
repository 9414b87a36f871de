import type { UpdateApplicationStatus } from '@careers/contracts/employer';
import type { ApplicationStatus } from '@careers/contracts/enums';
import { http } from '../../http-client';

/** PUT /business/applications/{id}/status: the candidate sees the new status and its time in their history. */
export async function setBusinessApplicationStatus(
  applicationId: string,
  applicationStatus: ApplicationStatus,
): Promise<void> {
  const body: UpdateApplicationStatus = { applicationStatus };
  await http.candidate.put(`/business/applications/${encodeURIComponent(applicationId)}/status`, body);
}
