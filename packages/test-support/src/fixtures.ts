/**
 * Small, real files built in code (no binary fixtures in the repository): a PDF showing given lines of
 * text, a ZIP, a DOCX, a PNG of a given size, a text file. The candidate service decides a CV's type from
 * its bytes (%PDF-, a ZIP holding word/document.xml, UTF-8 text) and extracts the text with pdf.js and
 * mammoth, which read these like any other file of their kind.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import { encodePng } from '@careers/server-kit/png';

/** A file as an upload sends it (Playwright's setInputFiles takes this shape too). */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export const PDF_TYPE = 'application/pdf';
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * A minimal valid PDF 1.4: one page showing `lines` in Helvetica, with a correct cross-reference table,
 * so strict readers accept it. Latin-1 text only (the standard font's encoding).
 */
export function pdfWithText(lines: string | readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const shown = (typeof lines === 'string' ? [lines] : lines).map((line) => `(${escape(line)}) Tj T*`);
  const content = ['BT', '/F1 14 Tf', '18 TL', '72 770 Td', ...shown, 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Overrides the uncompressed size written in the headers (to build lying archives). */
  declaredSize?: number;
  /** Raw deflate bytes to store instead of deflating data (bombs too big to hold inflated). */
  compressed?: Buffer;
}

/** A hand-written ZIP archive (deflate, UTF-8 names): enough for DOCX files and for hostile archives. */
export function zip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = entry.compressed ?? deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const centralDir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDir, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';

/** word/document.xml with one paragraph per string (the text escaped). */
export function documentXml(paragraphs: readonly string[]): string {
  const escape = (text: string) => text.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c] ?? c);
  const body = paragraphs.map((p) => `<w:p><w:r><w:t>${escape(p)}</w:t></w:r></w:p>`).join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
}

/** A small valid Word document: content types, relationships, and the paragraphs. */
export function docxWithText(paragraphs: string | readonly string[]): Buffer {
  return zip([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(RELS) },
    {
      name: 'word/document.xml',
      data: Buffer.from(documentXml(typeof paragraphs === 'string' ? [paragraphs] : paragraphs)),
    },
  ]);
}

/** A PNG of `width` × `height` (RGBA); a two-colour diagonal pattern unless `pixel` says otherwise. */
export function png(
  width: number,
  height = width,
  pixel?: (x: number, y: number) => [number, number, number, number],
): Buffer {
  return encodePng(width, height, pixel ?? ((x, y) => ((x + y) % 12 < 6 ? [30, 90, 160, 255] : [240, 240, 255, 255])));
}

/** A PDF CV upload showing `text`. */
export function pdfFile(name: string, text: string | readonly string[] = `Curriculum vitae: ${name}`): UploadFile {
  return { name, mimeType: PDF_TYPE, buffer: pdfWithText(text) };
}

/** A DOCX CV upload with `text`. */
export function docxFile(name: string, text: string | readonly string[] = `Curriculum vitae: ${name}`): UploadFile {
  return { name, mimeType: DOCX_TYPE, buffer: docxWithText(text) };
}

/** A plain-text CV upload. */
export function textFile(name: string, text = `Curriculum vitae: ${name}`): UploadFile {
  return { name, mimeType: 'text/plain', buffer: Buffer.from(`${text}\n`, 'utf8') };
}
