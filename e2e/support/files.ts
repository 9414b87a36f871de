/**
 * Upload files for the candidate pages' tests, built by @careers/test-support (no binary fixtures in the
 * repository).
 */
import { pdfFile, type UploadFile } from '@careers/test-support/fixtures';

export type { UploadFile };

/** A one-page PDF CV named `name` for `candidateName`. */
export function pdfCv(name: string, candidateName: string): UploadFile {
  // The name is in the bytes: the same bytes from one candidate are one CV (issue 12 item 8), and tests upload distinct files.
  return pdfFile(name, [
    `Curriculum vitae: ${candidateName}`,
    'Experience: ten years of careful testing.',
    'Skills: browsers, e-mail, patience.',
    `File: ${name}`,
  ]);
}
