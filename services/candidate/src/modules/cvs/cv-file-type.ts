import { Transform, type TransformCallback } from 'node:stream';
import { CV_MAX_BYTES } from '@careers/contracts/candidate';
import { checkZipBounds } from './container-bounds';

/** The CV formats product.md §2 accepts, decided from the bytes (design.md §3). */
export type CvFileType = 'pdf' | 'doc' | 'docx' | 'txt';

export const CV_CONTENT_TYPES: Record<CvFileType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
};

export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError';
}

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const HEAD_BYTES = 16;

/**
 * Sits between the upload and the spool file: counts bytes (refusing past the limit), keeps the first
 * bytes for the magic-number check, and tells whether the whole stream is UTF-8 text without NUL. It
 * never holds more than one chunk.
 */
export class CvInspector extends Transform {
  bytes = 0;
  head = Buffer.alloc(0);
  private textPossible = true;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  constructor(private readonly maxBytes: number = CV_MAX_BYTES) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(new FileTooLargeError());
    if (this.head.length < HEAD_BYTES)
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    if (this.textPossible) {
      if (chunk.includes(0)) this.textPossible = false;
      else {
        try {
          this.decoder.decode(chunk, { stream: true });
        } catch {
          this.textPossible = false;
        }
      }
    }
    callback(null, chunk);
  }

  /** Valid UTF-8 from first to last byte, no NUL, not empty. Only meaningful after the stream ended. */
  get isText(): boolean {
    if (!this.textPossible || this.bytes === 0) return false;
    try {
      this.decoder.decode(); // a sequence cut at the very end is not valid text
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * A DOCX is a zip holding word/document.xml. Every part is inflated and counted first (a part that
 * declares 100 bytes and holds a gigabyte is refused after the 100th), so nothing that reaches a
 * parser later can unpack past the bounds.
 */
export async function isDocx(file: string): Promise<boolean> {
  try {
    return (await checkZipBounds(file)).has('word/document.xml');
  } catch {
    return false;
  }
}

/** Decides the type from the bytes only; null when it is none of the accepted formats. */
export async function detectCvType(inspector: CvInspector, spoolFile: string): Promise<CvFileType | null> {
  const head = inspector.head;
  if (head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return 'pdf';
  if (head.subarray(0, OLE_MAGIC.length).equals(OLE_MAGIC)) return 'doc';
  if (head.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) return (await isDocx(spoolFile)) ? 'docx' : null;
  return inspector.isText ? 'txt' : null;
}
