import { jobApplicationPageSchema } from '@careers/contracts/candidate';
import { http } from '../../../lib/http-client';
import type { StandingApplication } from '../apply-machine';

/**
 * GET /job-applications?jobId= (issue 12 item 5): the signed-in candidate's applications to this job only,
 * newest first; the one not withdrawn, if any. At most one stands at a time (a withdrawn one may be followed
 * by a new one), so the first few are enough.
 */
export async function findStandingApplication(jobId: string): Promise<StandingApplication | null> {
  const { data } = await http.candidate.get<unknown>('/job-applications', { params: { jobId, page: 1, pageSize: 5 } });
  const standing = jobApplicationPageSchema.parse(data).applications.find((application) => !application.withdrawnOn);
  return standing ? { id: standing.id, appliedOn: standing.appliedOn } : null;
}
