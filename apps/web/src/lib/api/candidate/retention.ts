import type {
  BusinessRetention,
  BusinessRetentionUpdate,
  CvTakeBackResult,
  DeletedApplication,
  TalentPoolEntry,
  TalentPoolOffer,
} from '@careers/contracts/retention';
import { candidatePublicClient } from '../../candidate-public-client';
import { http } from '../../http-client';

/** Retention of applications (docs/decisions/0440-0443): the candidate's and the employer's calls. */

type Consent = { keptForOtherRolesUntil: string | null };

/** PUT /job-applications/{id}/talent-pool: keep this application for other roles at its business. */
export async function giveTalentPoolConsent(applicationId: string): Promise<Consent> {
  const { data } = await http.candidate.put<Consent>(
    `/job-applications/${encodeURIComponent(applicationId)}/talent-pool`,
  );
  return data;
}

/** DELETE /job-applications/{id}/talent-pool: the consent ends; the date falls back to the business's rule. */
export async function withdrawTalentPoolConsent(applicationId: string): Promise<Consent> {
  const { data } = await http.candidate.delete<Consent>(
    `/job-applications/${encodeURIComponent(applicationId)}/talent-pool`,
  );
  return data;
}

/** GET /jobs/{id}/talent-pool-offer (public): whether the job's business asks, and for how many days. */
export async function getTalentPoolOffer(jobId: string): Promise<TalentPoolOffer> {
  const { data } = await candidatePublicClient.get<TalentPoolOffer>(
    `/jobs/${encodeURIComponent(jobId)}/talent-pool-offer`,
  );
  return data;
}

/** POST /cvs/{cvId}/take-back: delete my CV at one business. */
export async function takeBackCv(cvId: string, businessId: string): Promise<CvTakeBackResult> {
  const { data } = await http.candidate.post<CvTakeBackResult>(`/cvs/${encodeURIComponent(cvId)}/take-back`, {
    businessId,
  });
  return data;
}

export async function getBusinessRetention(): Promise<BusinessRetention> {
  const { data } = await http.candidate.get<BusinessRetention>('/business/retention');
  return data;
}

export async function putBusinessRetention(body: BusinessRetentionUpdate): Promise<BusinessRetention> {
  const { data } = await http.candidate.put<BusinessRetention>('/business/retention', body);
  return data;
}

export async function getDeletedApplications(jobId: string): Promise<DeletedApplication[]> {
  const { data } = await http.candidate.get<{ deleted: DeletedApplication[] }>(
    `/business/jobs/${encodeURIComponent(jobId)}/deleted-applications`,
  );
  return data.deleted;
}

export async function getTalentPool(): Promise<TalentPoolEntry[]> {
  const { data } = await http.candidate.get<{ entries: TalentPoolEntry[] }>('/business/talent-pool');
  return data.entries;
}
