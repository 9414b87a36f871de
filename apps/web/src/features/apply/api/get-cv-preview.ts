import { http } from '../../../lib/http-client';

/** The CV's file as a Blob, fetched with the bearer token, for showing in a sandboxed frame. */
export async function getCvPreview(cvId: string, signal?: AbortSignal): Promise<Blob> {
  const { data } = await http.candidate.get<Blob>(`/cvs/${encodeURIComponent(cvId)}/preview`, { responseType: 'blob', signal });
  return data;
}
