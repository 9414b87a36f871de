import type { ApplicationRecordAnswer } from '@careers/contracts/screening';
import { http } from '../../http-client';

/** GET /job-applications/{id}/record: the ad of one of the caller's applications as it was, and its receipt. */
export async function getOwnApplicationRecord(applicationId: string): Promise<ApplicationRecordAnswer> {
  const { data } = await http.candidate.get<ApplicationRecordAnswer>(
    `/job-applications/${encodeURIComponent(applicationId)}/record`,
  );
  return data;
}

/** GET /business/applications/{id}/record: the version of the ad applied to, the answers and what they do not meet. */
export async function getBusinessApplicationRecord(applicationId: string): Promise<ApplicationRecordAnswer> {
  const { data } = await http.candidate.get<ApplicationRecordAnswer>(
    `/business/applications/${encodeURIComponent(applicationId)}/record`,
  );
  return data;
}
