import type { KeepOnFile } from '@careers/contracts/fair-endings';
import { http } from '../../../lib/http-client';

/** PUT /job-applications/{id}/keep-on-file: the candidate agrees (or not) to stay on file (docs/decisions/0411). */
export async function answerKeepOnFile(applicationId: string, agree: boolean): Promise<KeepOnFile> {
  const { data } = await http.candidate.put<KeepOnFile>(
    `/job-applications/${encodeURIComponent(applicationId)}/keep-on-file`,
    { agree },
  );
  return data;
}
