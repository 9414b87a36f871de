import type { z } from 'zod';
import type { logoUploadResultSchema } from '@careers/contracts/candidate-api';
import { http } from '../../http-client';

export type LogoUploadResult = z.infer<typeof logoUploadResultSchema>;

/** POST /business/logo (multipart, PNG): answers where the portal loads the logo from. */
export async function uploadBusinessLogo(file: File): Promise<LogoUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await http.candidate.post<LogoUploadResult>('/business/logo', form);
  return data;
}
