import { describe, expect, it } from 'vitest';
import { CV_MAX_BYTES } from '@careers/contracts/candidate';
import { checkCvFile, cvCheckMessages, CV_UPLOAD_HINT } from './cv-checks';

describe('checkCvFile', () => {
  it.each(['cv.pdf', 'CV.PDF', 'my.cv.docx', 'cv.doc', 'notes.txt'])('accepts %s', (name) => {
    expect(checkCvFile({ name, size: 1000 })).toBeNull();
  });

  it.each(['cv.png', 'cv.pdf.exe', 'cv', '.pdf', 'cv.rtf'])('refuses the type of %s', (name) => {
    expect(checkCvFile({ name, size: 1000 })).toBe(cvCheckMessages.wrongType);
  });

  it('refuses an empty file', () => {
    expect(checkCvFile({ name: 'cv.pdf', size: 0 })).toBe(cvCheckMessages.empty);
  });

  it('accepts exactly the limit and refuses one byte more, saying the limit', () => {
    expect(checkCvFile({ name: 'cv.pdf', size: CV_MAX_BYTES })).toBeNull();
    expect(checkCvFile({ name: 'cv.pdf', size: CV_MAX_BYTES + 1 })).toBe(
      'This file is larger than 10 MB. Please choose a smaller file, for example a PDF.',
    );
  });

  it('tells the limit and the types before upload', () => {
    expect(CV_UPLOAD_HINT).toBe('PDF, DOC, DOCX, TXT · up to 10 MB');
  });
});
