import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { UnpackLimitError, checkPdfBounds, checkZipBounds } from '../src/modules/cvs/container-bounds';
import { flateBombPdf, hiddenPartDocx, tinyDocx, tinyPdf } from './fixtures';

const MIB = 1024 * 1024;

describe('unpack bounds count what the parsers inflate', () => {
  it('refuses a DOCX whose central directory holds more parts than its end record declares', async () => {
    const docx = hiddenPartDocx(1000);
    expect(docx.length).toBeLessThan(2 * MIB);
    await expect(checkZipBounds(docx)).rejects.toThrow(/holds 4 parts where its end record declares 3/);
    await expect(checkZipBounds(docx)).rejects.toBeInstanceOf(UnpackLimitError);
  });

  it('refuses a zip whose central directory does not end at its end record (JSZip would shift it)', async () => {
    const docx = tinyDocx(['Jane Doe']);
    const shifted = Buffer.concat([Buffer.from('prefix bytes'), docx]);
    await expect(checkZipBounds(shifted)).rejects.toThrow();
    expect(await checkZipBounds(docx)).toContain('word/document.xml');
  });

  it('counts every Flate layer of a PDF stream: /Filter [/FlateDecode /FlateDecode]', async () => {
    const pdf = flateBombPdf(2000, 2);
    expect(pdf.length).toBeLessThan(16 * 1024);
    await expect(checkPdfBounds(pdf)).rejects.toThrow(/unpack to more than/);
  });

  it('counts the layers whatever the dictionary says, and wherever the data starts on the next line', async () => {
    const lying = Buffer.from(
      flateBombPdf(2000, 2)
        .toString('latin1')
        .replace('/Filter [/FlateDecode /FlateDecode]', '/Filter /FlateDecode')
        .replace('>>\nstream\n', '>>\nstream   \r\n'),
      'latin1',
    );
    await expect(checkPdfBounds(lying)).rejects.toThrow(/unpack to more than/);
  });

  it.each([
    ['[/ASCIIHexDecode /FlateDecode]'],
    ['[/AHx /Fl]'],
    ['/LZWDecode'],
    ['[/A#38#35 /Fl]'],
    ['[/DCTDecode /FlateDecode]'],
    ['9 0 R'],
  ])('refuses a filter chain it cannot count: %s', async (filter) => {
    const data = deflateSync(Buffer.from('BT (hello) Tj ET'));
    const pdf = Buffer.concat([
      Buffer.from(`%PDF-1.4\n4 0 obj\n<< /Length ${data.length} /Filter ${filter} >>\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
    ]);
    await expect(checkPdfBounds(pdf)).rejects.toThrow(/cannot be counted/);
  });

  it('passes ordinary files', async () => {
    await expect(checkPdfBounds(tinyPdf('Jane Doe, welder'))).resolves.toBeUndefined();
    await expect(checkPdfBounds(flateBombPdf(8, 2))).resolves.toBeUndefined();
  });
});
