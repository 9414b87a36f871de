import { inflateSync } from 'node:zlib';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { docxWithText, pdfWithText, png, zip } from '../src/fixtures';

/** The text pdf.js reads, the way the candidate service extracts a CV's text (cv-text.ts). */
async function pdfText(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const { totalPages, text } = await extractText(pdf, { mergePages: true });
    return { pages: totalPages, text };
  } finally {
    await pdf.loadingTask.destroy();
  }
}

describe('pdfWithText', () => {
  it('builds a one-page PDF whose text pdf.js extracts, line by line, special characters included', async () => {
    const bytes = pdfWithText(['Curriculum vitae: Ada (née Byron)', 'Skills: back\\slashes and £ signs']);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, text } = await pdfText(bytes);
    expect(pages).toBe(1);
    expect(text).toContain('Curriculum vitae: Ada (née Byron)');
    expect(text).toContain('Skills: back\\slashes and £ signs');
  });

  it('has a cross-reference table whose offsets point at the objects', () => {
    const bytes = pdfWithText('one line');
    const text = bytes.toString('latin1');
    const xrefAt = Number(text.match(/startxref\n(\d+)/)?.[1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) => expect(text.slice(offset)).toMatch(new RegExp(`^${index + 1} 0 obj\\n`)));
  });

  it('gives different bytes for different text (uploads of distinct files stay distinct)', () => {
    expect(pdfWithText('a').equals(pdfWithText('b'))).toBe(false);
  });
});

describe('docxWithText and zip', () => {
  it('builds a Word document that mammoth opens and reads, markup in the text escaped', async () => {
    const bytes = docxWithText(['First paragraph', 'Second <b> & more']);
    const { value } = await mammoth.extractRawText({ buffer: bytes });
    expect(value.trim().split(/\n+/)).toEqual(['First paragraph', 'Second <b> & more']);
  });

  it('builds a ZIP another reader opens, entries and contents intact', async () => {
    const archive = await JSZip.loadAsync(
      zip([
        { name: 'a.txt', data: Buffer.from('hello') },
        { name: 'dir/ü.txt', data: Buffer.alloc(2000, 'x') },
      ]),
    );
    expect(Object.keys(archive.files)).toEqual(['a.txt', 'dir/ü.txt']);
    expect(await archive.file('a.txt')?.async('string')).toBe('hello');
    expect(await archive.file('dir/ü.txt')?.async('string')).toBe('x'.repeat(2000));
  });
});

describe('png', () => {
  function chunks(bytes: Buffer): { type: string; data: Buffer }[] {
    const out: { type: string; data: Buffer }[] = [];
    for (let at = 8; at < bytes.length;) {
      const length = bytes.readUInt32BE(at);
      out.push({
        type: bytes.subarray(at + 4, at + 8).toString('latin1'),
        data: bytes.subarray(at + 8, at + 8 + length),
      });
      at += 12 + length;
    }
    return out;
  }

  it('has the given size in its header and as many pixel rows as it says', () => {
    const bytes = png(40, 24);
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const [header, ...rest] = chunks(bytes);
    expect(header?.type).toBe('IHDR');
    expect(header?.data.readUInt32BE(0)).toBe(40);
    expect(header?.data.readUInt32BE(4)).toBe(24);
    const idat = Buffer.concat(rest.filter((c) => c.type === 'IDAT').map((c) => c.data));
    // 8-bit RGBA: each row is a filter byte and four bytes a pixel.
    expect(inflateSync(idat).length).toBe((40 * 4 + 1) * 24);
    expect(rest.at(-1)?.type).toBe('IEND');
  });

  it('is square when only the width is given', () => {
    const header = chunks(png(16))[0]!.data;
    expect([header.readUInt32BE(0), header.readUInt32BE(4)]).toEqual([16, 16]);
  });
});
