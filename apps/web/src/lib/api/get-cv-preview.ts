import { useQuery } from '@tanstack/react-query';
import { http } from '../http-client';

/**
 * What the preview frame shows: a PDF from a blob: URL; text, and a Word file as HTML the server has
 * sanitised, through srcdoc in a sandboxed frame (docs/decisions/0050).
 */
export type { CvPreview } from '../../components/cv-preview-frame';
import type { CvPreview } from '../../components/cv-preview-frame';

function mediaType(header: unknown): string {
  return String(header ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
}

/** GET /cvs/{cvId}/preview with the bearer token, read as a blob so no token ever sits in a URL. */
export async function getCvPreview(cvId: string): Promise<CvPreview> {
  const response = await http.candidate.get<Blob>(`/cvs/${encodeURIComponent(cvId)}/preview`, { responseType: 'blob' });
  const type = mediaType(response.headers['content-type']);
  const blob = response.data;
  // A PDF is re-typed here, whatever the answer said, so the browser can only ever hand it to its PDF viewer.
  if (type === 'application/pdf') return { kind: 'pdf', blob: new Blob([blob], { type: 'application/pdf' }) };
  if (type === 'text/plain') return { kind: 'text', text: await blob.text() };
  if (type === 'text/html') return { kind: 'html', html: await blob.text() };
  return { kind: 'unavailable' };
}

export function useCvPreview(cvId: string | null) {
  return useQuery({
    queryKey: ['cv-preview', cvId],
    queryFn: () => getCvPreview(cvId as string),
    enabled: cvId !== null,
    // The blob is shown once per opening; keep nothing in memory after the dialog closes.
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}
