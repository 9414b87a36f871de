import { http } from '../../http-client';
import { fileNameFromContentDisposition } from '../../content-disposition';

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
