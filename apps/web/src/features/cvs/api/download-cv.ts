import { useMutation } from '@tanstack/react-query';
import { downloadCv } from '../../../lib/api/candidate/download-cv';
import { saveBlob } from '../../../lib/save-blob';

export function useDownloadCv() {
  return useMutation({
    mutationFn: async ({ cvId, fileName }: { cvId: string; fileName: string }) =>
      saveBlob(await downloadCv(cvId, fileName)),
  });
}
