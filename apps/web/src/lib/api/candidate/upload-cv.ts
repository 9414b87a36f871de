import type { CvUploadResult } from '@careers/contracts/candidate';
import { http } from '../../http-client';

/** POST /cvs: multipart form data with one part named 'file'; onProgress hears 0–100 as the bytes leave the browser. */
export async function uploadCv(file: File, onProgress?: (percent: number) => void): Promise<CvUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await http.candidate.post<CvUploadResult>(
    '/cvs',
    form,
    onProgress
      ? {
          onUploadProgress: (event) => {
            const total = event.total ?? file.size;
            if (total > 0) onProgress(Math.min(100, Math.round((event.loaded / total) * 100)));
          },
        }
      : undefined,
  );
  return data;
}
