import { http } from '../../http-client';

export interface CvPreviewFile {
  blob: Blob;
  /** The answer's media type, lower case, without parameters ('application/pdf', 'text/html', …). */
  mediaType: string;
}

function mediaTypeOf(header: unknown, blob: Blob): string {
  return (String(header ?? '') || blob.type).split(';')[0]!.trim().toLowerCase();
}

/** GET /cvs/{cvId}/preview with the bearer token, read as a blob so no token ever sits in a URL. */
export async function getCvPreview(cvId: string, signal?: AbortSignal): Promise<CvPreviewFile> {
  const response = await http.candidate.get<Blob>(`/cvs/${encodeURIComponent(cvId)}/preview`, {
    responseType: 'blob',
    signal,
  });
  return { blob: response.data, mediaType: mediaTypeOf(response.headers['content-type'], response.data) };
}
