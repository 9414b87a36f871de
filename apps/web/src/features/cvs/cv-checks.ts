import { CV_ACCEPTED_EXTENSIONS, CV_MAX_BYTES } from '@careers/contracts/candidate-values';
import { formatFileSize } from '../../lib/format';
import { hasAcceptedExtension } from '../../lib/file-name';

/** What a candidate is told before choosing a file (design.md §3: the limit is shown before upload). */
export const CV_ACCEPTED_LABEL = CV_ACCEPTED_EXTENSIONS.map((extension) => extension.toUpperCase()).join(', ');
export const CV_MAX_LABEL = formatFileSize(CV_MAX_BYTES);
export const CV_UPLOAD_HINT = `${CV_ACCEPTED_LABEL} · up to ${CV_MAX_LABEL}`;

export const cvCheckMessages = {
  /** product.md §2 / §8: the apply page's wording for a wrong type, reused so both pages say the same. */
  wrongType: 'Must be in the following format: pdf, doc, docx, txt',
  empty: 'This file is empty. Please choose your CV file.',
  tooLarge: `This file is larger than ${CV_MAX_LABEL}. Please choose a smaller file, for example a PDF.`,
} as const;

/**
 * The checks made before a CV is sent, so a candidate hears about a wrong file at once. The server
 * decides by the file's bytes and stays the authority; these only save a pointless upload.
 */
export function checkCvFile(file: Pick<File, 'name' | 'size'>): string | null {
  if (!hasAcceptedExtension(file.name, CV_ACCEPTED_EXTENSIONS)) return cvCheckMessages.wrongType;
  if (file.size === 0) return cvCheckMessages.empty;
  if (file.size > CV_MAX_BYTES) return cvCheckMessages.tooLarge;
  return null;
}
