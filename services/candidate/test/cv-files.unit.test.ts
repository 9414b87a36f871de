import { describe, expect, it } from 'vitest';
import { contentDisposition, sanitizeFileName } from '../src/modules/cvs/cv-file-name';
import { sanitizeHtml } from '../src/modules/cvs/cv-text';
import { parseRange } from '../src/modules/storage/blob-response';
import { assertSafeKey } from '../src/modules/storage/storage';
import { PUBLIC_BLOB_KEY, isPng } from '../src/modules/business/business.service';
import { encodePng } from '@careers/server-kit/png';

describe('file names', () => {
  it.each([
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['C:\\Users\\ada\\cv.docx', 'cv.docx'],
    ['..\\..\\boot.ini', 'boot.ini'],
    ['evil\u202Efdp.exe', 'evilfdp.exe'],
    ['line\r\nbreak.txt', 'linebreak.txt'],
    ['.hidden.pdf', 'hidden.pdf'],
    ['../', 'cv.pdf'],
    ['', 'cv.pdf'],
  ])('%j is shown as %j', (raw, shown) => {
    expect(sanitizeFileName(raw, 'pdf')).toBe(shown);
  });

  it('keeps the extension when cutting to 255 characters', () => {
    const name = sanitizeFileName(`${'a'.repeat(400)}.docx`, 'docx');
    expect(name).toHaveLength(255);
    expect(name.endsWith('.docx')).toBe(true);
  });

  it('encodes Content-Disposition per RFC 6266 / 5987', () => {
    expect(contentDisposition('attachment', 'Zoë "x"\\%.pdf')).toBe(
      `attachment; filename="Zo_ _x___.pdf"; filename*=UTF-8''Zo%C3%AB%20%22x%22%5C%25.pdf`,
    );
    expect(contentDisposition('inline', "it's (1).txt")).toBe(
      `inline; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`,
    );
  });
});

describe('Range header', () => {
  it.each([
    [undefined, 100, null],
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=90-1000', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-1000', 100, { start: 0, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=0-0', 0, 'unsatisfiable'],
    ['bytes=5-2', 100, null],
    ['bytes=0-1,5-6', 100, null],
    ['items=0-1', 100, null],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('storage keys and public blobs', () => {
  it('refuses keys that could leave the store root', () => {
    for (const key of ['../x', 'cvs/../../x', '/abs', 'cvs//x', 'CVS/Upper'])
      expect(() => assertSafeKey(key), key).toThrow();
    expect(() => assertSafeKey('businesses/0f8fad5b-d9cb-469f-a165-70867728950e/logo.png')).not.toThrow();
  });

  it('serves only business logos publicly', () => {
    expect(PUBLIC_BLOB_KEY.test('businesses/0f8fad5b-d9cb-469f-a165-70867728950e/logo.png')).toBe(true);
    for (const key of [
      'cvs/0f8fad5b-d9cb-469f-a165-70867728950e',
      'businesses/x/logo.png',
      'businesses/0f8fad5b-d9cb-469f-a165-70867728950e/cv.pdf',
    ]) {
      expect(PUBLIC_BLOB_KEY.test(key), key).toBe(false);
    }
  });

  it('recognises a PNG by its bytes', () => {
    expect(isPng(encodePng(2, 2, () => [1, 2, 3, 255]))).toBe(true);
    expect(isPng(Buffer.from('%PDF-1.4 not a png at all, long enough to read'))).toBe(false);
  });
});

describe('DOCX preview sanitizer', () => {
  it('keeps the allowed markup and drops script, handlers and javascript: links', () => {
    const html = sanitizeHtml(
      '<p onclick="x()">Hi <a href="javascript:alert(1)">a</a> <a href="https://ok.test">b</a></p><script>alert(1)</script><img src="data:image/png;base64,AA" onerror="x()"><iframe src="https://x"></iframe><svg><script>1</script></svg>',
    );
    expect(html).toBe(
      '<p>Hi <a rel="noopener noreferrer" target="_blank">a</a> <a href="https://ok.test" rel="noopener noreferrer" target="_blank">b</a></p><img src="data:image/png;base64,AA">',
    );
  });
});
