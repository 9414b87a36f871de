import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { docxWithText, documentXml, pdfWithText, zip, type ZipEntry } from '@careers/test-support/fixtures';

/**
 * The candidate service's hostile files (executables, bombs) beside the ordinary ones, which come from
 * @careers/test-support (one PDF, ZIP and DOCX builder for every suite).
 */
export { documentXml, zip, type ZipEntry };

/** A small valid PDF with one page of text. */
export const tinyPdf = (text: string): Buffer => pdfWithText(text);

/** A small valid DOCX that mammoth reads. */
export const tinyDocx = (paragraphs: string[]): Buffer => docxWithText(paragraphs);

/** An .exe's first bytes (MZ header, DOS stub with NULs). */
export function fakeExe(size = 4096): Buffer {
  const b = Buffer.alloc(size);
  b.write('MZ', 0, 'latin1');
  b.write('This program cannot be run in DOS mode.', 78, 'latin1');
  return b;
}

/** An OLE compound file header (DOC by its magic bytes); the rest is not a real document. */
export function oleHeaderFile(): Buffer {
  const b = Buffer.alloc(1024, 0x20);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b);
  return b;
}

/**
 * Raw deflate data that inflates to `mib` MiB of zeros, built without ever holding them: one MiB
 * deflated with a full flush (byte-aligned, no back-references across it) repeated, then an empty
 * final block.
 */
export function deflatedZeros(mib: number): Buffer {
  const oneMib = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: mib }, () => oneMib), Buffer.from([0x03, 0x00])]);
}

/**
 * A one-page PDF whose content stream is FlateDecode data inflating to `mib` MiB of zeros. With `layers`
 * 2, that data is deflated once more and the dictionary says /Filter [/FlateDecode /FlateDecode]: a few
 * KB that pdf.js inflates twice.
 */
export function flateBombPdf(mib: number, layers: 1 | 2 = 1): Buffer {
  // zlib framing around the raw deflate; the checksum at the end is never reached by a bounded reader.
  const once = Buffer.concat([Buffer.from([0x78, 0x9c]), deflatedZeros(mib), Buffer.alloc(4)]);
  const data = layers === 2 ? deflateSync(once, { level: 9 }) : once;
  const filter = layers === 2 ? '[/FlateDecode /FlateDecode]' : '/FlateDecode';
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (b: Buffer | string) => {
    const buf = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
    parts.push(buf);
    length += buf.length;
  };
  push('%PDF-1.4\n');
  const objects: (string | Buffer[])[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    [
      Buffer.from(`<< /Length ${data.length} /Filter ${filter} >>\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream', 'latin1'),
    ],
  ];
  objects.forEach((body, i) => {
    offsets.push(length);
    push(`${i + 1} 0 obj\n`);
    if (typeof body === 'string') push(body);
    else body.forEach(push);
    push('\nendobj\n');
  });
  const xref = length;
  push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const o of offsets) push(`${String(o).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/**
 * A DOCX whose end record declares three parts while its central directory holds a fourth: word/document.xml
 * again, inflating to `mib` MiB of zeros. yauzl reads the three declared records; JSZip (under mammoth)
 * reads every record, so the last word/document.xml is the one mammoth inflates.
 */
export function hiddenPartDocx(mib: number): Buffer {
  const file = zip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'word/document.xml', data: Buffer.from(documentXml(['Looks like a CV'])) },
    { name: 'word/styles.xml', data: Buffer.from('<w:styles/>') },
    {
      name: 'word/document.xml',
      data: Buffer.alloc(0),
      compressed: deflatedZeros(mib),
      declaredSize: mib * 1024 * 1024,
    },
  ]);
  const end = file.length - 22;
  file.writeUInt16LE(3, end + 8);
  file.writeUInt16LE(3, end + 10);
  return file;
}
