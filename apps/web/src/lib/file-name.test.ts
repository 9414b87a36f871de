import { describe, expect, it } from 'vitest';
import { hasAcceptedExtension, isIgnoredFile, truncateFileName } from './file-name';

describe('truncateFileName', () => {
  it('keeps names of 40 characters or fewer', () => {
    const forty = 'a'.repeat(36) + '.pdf';
    expect(truncateFileName(forty)).toBe(forty);
    expect(truncateFileName('cv.pdf')).toBe('cv.pdf');
  });

  it('cuts longer names at 40 characters and adds ...', () => {
    const name = 'Curriculum vitae of a very thorough candidate 2026.pdf';
    expect(truncateFileName(name)).toBe(`${name.slice(0, 40)}...`);
    expect(truncateFileName('b'.repeat(41))).toBe(`${'b'.repeat(40)}...`);
  });
});

describe('drop area file rules', () => {
  it('ignores .DS_Store and Thumbs.db only', () => {
    expect(isIgnoredFile('.DS_Store')).toBe(true);
    expect(isIgnoredFile('Thumbs.db')).toBe(true);
    expect(isIgnoredFile('thumbs.pdf')).toBe(false);
  });

  it('checks extensions case-insensitively', () => {
    expect(hasAcceptedExtension('CV.PDF', ['pdf'])).toBe(true);
    expect(hasAcceptedExtension('cv.docx', ['.pdf'])).toBe(false);
    expect(hasAcceptedExtension('pdf', ['pdf'])).toBe(false);
  });
});
