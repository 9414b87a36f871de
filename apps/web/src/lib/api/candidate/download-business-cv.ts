import { http } from '../../http-client';
import type { DownloadedCv } from './download-cv';

/** GET /business/cvs/{cvId}/download: the CV file sent to the business (200 or 206), under the name given. */
export async function downloadBusinessCv(cvId: string, fileName: string): Promise<DownloadedCv> {
  const response = await http.candidate.get<Blob>(`/business/cvs/${encodeURIComponent(cvId)}/download`, {
    responseType: 'blob',
    validateStatus: (status) => status === 200 || status === 206,
  });
  return { blob: response.data, fileName };
}
