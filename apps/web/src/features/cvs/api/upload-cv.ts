import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cvUploadResultSchema, type CvUploadResult } from '@careers/contracts/candidate';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../lib/query-keys';

export interface UploadCvInput {
  file: File;
  /** 0–100, as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
}

/** POST /cvs: multipart form data with one part named 'file'. */
export async function uploadCv({ file, onProgress }: UploadCvInput): Promise<CvUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await http.candidate.post<unknown>('/cvs', form, {
    onUploadProgress: (event) => {
      const total = event.total ?? file.size;
      if (onProgress && total > 0) onProgress(Math.min(100, Math.round((event.loaded / total) * 100)));
    },
  });
  return cvUploadResultSchema.parse(data);
}

export function useUploadCv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCv,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.cvs, exact: true }),
  });
}
