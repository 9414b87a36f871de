import { useQuery } from '@tanstack/react-query';
import { getCvPreview } from './api/candidate/get-cv-preview';
import { queryKeys } from './query-keys';

/**
 * What the preview frame shows: a PDF from a blob: URL; text, and a Word file as HTML the server has
 * sanitised, through srcdoc in a sandboxed frame (docs/decisions/0050).
 */
export type { CvPreview } from '../components/cv-preview-frame';
import type { CvPreview } from '../components/cv-preview-frame';

/** What the preview frame shows for the CV's file (GET /cvs/{cvId}/preview). */
export async function loadCvPreview(cvId: string): Promise<CvPreview> {
  const { blob, mediaType: type } = await getCvPreview(cvId);
  // A PDF is re-typed here, whatever the answer said, so the browser can only ever hand it to its PDF viewer.
  if (type === 'application/pdf') return { kind: 'pdf', blob: new Blob([blob], { type: 'application/pdf' }) };
  if (type === 'text/plain') return { kind: 'text', text: await blob.text() };
  if (type === 'text/html') return { kind: 'html', html: await blob.text() };
  return { kind: 'unavailable' };
}

export function useCvPreview(cvId: string | null) {
  return useQuery({
    queryKey: queryKeys.cvPreview(cvId),
    queryFn: () => loadCvPreview(cvId as string),
    enabled: cvId !== null,
    // The blob is shown once per opening; keep nothing in memory after the dialog closes.
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}
