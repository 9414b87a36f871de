import type { CvPreviewLink } from '@careers/contracts/candidate-api';
import { toApiError } from '../../api-error';
import { http } from '../../http-client';
import { createInstance } from '../../request';
import type { CvPreviewFile } from './get-cv-preview';

/** The preview address carries its own short-lived token: no bearer token goes with it. */
const linkClient = createInstance({ timeout: 0 }, { onError: (error) => Promise.reject(toApiError(error)) });

/**
 * POST /business/cvs/{cvId}/preview-link, then the preview at that address (PDF and text as stored, DOCX
 * as sanitized HTML, DOC as text), read as a blob.
 */
export async function getBusinessCvPreview(cvId: string): Promise<CvPreviewFile> {
  const { data: link } = await http.candidate.post<CvPreviewLink>(
    `/business/cvs/${encodeURIComponent(cvId)}/preview-link`,
  );
  const response = await linkClient.get<Blob>(link.url, { responseType: 'blob' });
  // The media type as getCvPreview reads it (lower case, no parameters), written here so the employer
  // console and the candidate's pages share no chunk for it.
  const mediaType = (String(response.headers['content-type'] ?? '') || response.data.type)
    .split(';')[0]!
    .trim()
    .toLowerCase();
  return { blob: response.data, mediaType };
}
