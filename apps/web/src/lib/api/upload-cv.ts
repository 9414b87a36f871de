import { cvUploadResultSchema, type CvUploadResult } from '@careers/contracts/candidate';
import { http } from '../http-client';

/** Uploads one CV as multipart form data with a single part named 'file'. */
export async function uploadCv(file: File): Promise<CvUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await http.candidate.post<unknown>('/cvs', form);
  return cvUploadResultSchema.parse(data);
}
