import type { WithdrawApplication, WithdrawnApplication } from '@careers/contracts/candidate-api';
import { http } from '../../http-client';

/** POST /job-applications/{id}/withdraw with the optional reason (the employer reads it). */
export async function withdrawApplication(id: string, reason: string): Promise<WithdrawnApplication> {
  const body: WithdrawApplication = { reason: reason.trim() || null };
  const { data } = await http.candidate.post<WithdrawnApplication>(
    `/job-applications/${encodeURIComponent(id)}/withdraw`,
    body,
  );
  return data;
}
