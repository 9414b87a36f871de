import { getJobApplications } from '../../../lib/api/candidate/get-job-applications';
import type { StandingApplication } from '../apply-machine';

/**
 * The signed-in candidate's applications to this job only (GET /job-applications?jobId=, issue 12 item 5),
 * newest first; the one not withdrawn, if any. At most one stands at a time (a withdrawn one may be followed
 * by a new one), so the first few are enough.
 */
export async function findStandingApplication(jobId: string): Promise<StandingApplication | null> {
  const { applications } = await getJobApplications(1, 5, jobId);
  const standing = applications.find((application) => !application.withdrawnOn);
  return standing ? { id: standing.id, appliedOn: standing.appliedOn } : null;
}
