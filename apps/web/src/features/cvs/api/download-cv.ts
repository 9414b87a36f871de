import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http-client';
import { fileNameFromContentDisposition } from '../content-disposition';

export interface DownloadedCv {
  blob: Blob;
  fileName: string;
}

/** GET /cvs/download/{cvId}: the file, named by the server's Content-Disposition header (200 or 206). */
export async function downloadCv(cvId: string, fallbackFileName: string): Promise<DownloadedCv> {
  const response = await http.candidate.get<Blob>(`/cvs/download/${encodeURIComponent(cvId)}`, {
    responseType: 'blob',
    validateStatus: (status) => status === 200 || status === 206,
  });
  const header = response.headers['content-disposition'] as string | undefined;
  return { blob: response.data, fileName: fileNameFromContentDisposition(header) ?? fallbackFileName };
}

/** Hands a blob to the browser as a download through a temporary link. */
export function saveBlob({ blob, fileName }: DownloadedCv): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start reading the blob before it goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadCv() {
  return useMutation({
    mutationFn: async ({ cvId, fileName }: { cvId: string; fileName: string }) => saveBlob(await downloadCv(cvId, fileName)),
  });
}
