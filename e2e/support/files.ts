/**
 * Small, real files for upload tests, built in code (no binary fixtures in the repository).
 */

/** A file as Playwright's setInputFiles takes it. */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A minimal but valid PDF 1.4: one A4 page showing `lines` in Helvetica, with a correct cross-reference
 * table, so PDF readers (and the candidate service's text extraction) read it like any other PDF.
 */
export function minimalPdf(lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = ['BT', '/F1 14 Tf', '72 770 Td', '18 TL', ...lines.map((line) => `(${escape(line)}) '`), 'ET'].join('\n');
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

/** A one-page PDF CV named `name` for `candidateName`. */
export function pdfCv(name: string, candidateName: string): UploadFile {
  return {
    name,
    mimeType: 'application/pdf',
    // The name is in the bytes: the same bytes from one candidate are one CV (issue 12 item 8), and tests upload distinct files.
    buffer: minimalPdf([`Curriculum vitae: ${candidateName}`, 'Experience: ten years of careful testing.', 'Skills: browsers, e-mail, patience.', `File: ${name}`]),
  };
}
