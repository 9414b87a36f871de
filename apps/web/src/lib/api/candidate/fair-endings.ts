import type { CloseJob, ClosePreview, EndingReason } from '@careers/contracts/fair-endings';
import { http } from '../../http-client';

/** No silent endings (docs/decisions/0410): the employer's close (the candidate's answer: features/applications/api/keep-on-file.ts). */

/** GET /business/jobs/{id}/close-preview: who will be told what. */
export async function getClosePreview(jobId: string, outcome: EndingReason, keep: string[]): Promise<ClosePreview> {
  const { data } = await http.candidate.get<ClosePreview>(`/business/jobs/${encodeURIComponent(jobId)}/close-preview`, {
    params: { outcome, ...(keep.length ? { keep: keep.join(',') } : {}) },
  });
  return data;
}

/** POST /business/jobs/{id}/close. */
export async function closeJob(jobId: string, body: CloseJob): Promise<{ closedOn: string; askedToKeep: number }> {
  const { data } = await http.candidate.post<{ closedOn: string; askedToKeep: number }>(
    `/business/jobs/${encodeURIComponent(jobId)}/close`,
    body,
  );
  return data;
}
