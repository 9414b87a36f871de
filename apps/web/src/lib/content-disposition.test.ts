import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './content-disposition';

describe('fileNameFromContentDisposition', () => {
  it('prefers the UTF-8 filename* parameter', () => {
    expect(
      fileNameFromContentDisposition(`attachment; filename="Jos_ CV.pdf"; filename*=UTF-8''Jos%C3%A9%20CV.pdf`),
    ).toBe('José CV.pdf');
  });

  it('reads a quoted or bare filename', () => {
    expect(fileNameFromContentDisposition('attachment; filename="my \\"best\\" cv.docx"')).toBe('my "best" cv.docx');
    expect(fileNameFromContentDisposition('attachment; filename=cv.txt')).toBe('cv.txt');
  });

  it('keeps only the last path segment and answers null without a name', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition(undefined)).toBeNull();
  });
});
