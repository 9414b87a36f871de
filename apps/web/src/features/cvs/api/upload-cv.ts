import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadCv } from '../../../lib/api/candidate/upload-cv';
import { queryKeys } from '../../../lib/query-keys';

export interface UploadCvInput {
  file: File;
  /** 0–100, as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
}

export function useUploadCv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: UploadCvInput) => uploadCv(file, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.cvs, exact: true }),
  });
}
