import { ApiError, toApiError } from '../../api-error';
import { http } from '../../http-client';
import { fileNameFromContentDisposition } from '../../content-disposition';

export interface DataExportFile {
  blob: Blob;
  fileName: string;
}

/** A refusal read as a blob (the answer type asked for) is read again as the problem details it is. */
async function withReadableBody(error: unknown): Promise<ApiError> {
  const apiError = toApiError(error);
  if (typeof Blob === 'undefined' || !(apiError.body instanceof Blob)) return apiError;
  let body: unknown = apiError.body;
  try {
    body = JSON.parse(await apiError.body.text()) as unknown;
  } catch {
    // Not JSON: keep the client's own message.
  }
  return new ApiError(apiError.message, {
    status: apiError.status,
    body,
    headers: apiError.headers,
    code: apiError.code,
    cause: error,
  });
}

/** GET /candidate/export: the zip of the candidate's data, named by the server. */
export async function exportData(): Promise<DataExportFile> {
  try {
    const response = await http.candidate.get<Blob>('/candidate/export', { responseType: 'blob' });
    const header = response.headers['content-disposition'];
    return { blob: response.data, fileName: fileNameFromContentDisposition(header) ?? 'careers-data.zip' };
  } catch (error) {
    throw await withReadableBody(error);
  }
}
