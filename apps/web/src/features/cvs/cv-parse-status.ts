import type { CvParseStatus } from '@careers/contracts/enums';
import type { BadgeTone } from '../../components/badge';

/** design.md §3's parse status in plain words: whether the text of the CV could be read. */
export const cvParseStatusText: Record<CvParseStatus, { label: string; tone: BadgeTone; description: string }> = {
  Pending: { label: 'Processing', tone: 'info', description: 'We are reading the text of this CV.' },
  Parsed: { label: 'Ready', tone: 'success', description: 'The text of this CV was read.' },
  Failed: {
    label: 'Could not be read',
    tone: 'warning',
    description: 'The text of this CV could not be read. Employers can still open the file.',
  },
  Unsupported: {
    label: 'Text not readable',
    tone: 'neutral',
    description: 'The text of this kind of file is not read. Employers can still open the file.',
  },
};
