import { checkPdfBounds, checkZipBounds } from './container-bounds';
import type { CvFileType } from './cv-file-type';

/** Kept text is bounded: search and display need the words, not megabytes of them. */
export const MAX_PARSED_CHARS = 1_000_000;

export class UnsupportedContentError extends Error {
  override name = 'UnsupportedContentError';
}

/**
 * Text of a CV, by its detected type. Encrypted PDFs cannot be read: Unsupported, not Failed.
 * Runs inside the capped extraction child (cv-extraction.ts), never in the process that answers
 * requests. Each parser is loaded only for its own type: the child starts once per file.
 */
export async function extractCvText(type: CvFileType, bytes: Buffer): Promise<string> {
  let text: string;
  switch (type) {
    case 'pdf': {
      // Files stored before the upload checks existed, or changed in the store, meet the bounds here.
      await checkPdfBounds(bytes);
      const { extractText, getDocumentProxy } = await import('unpdf');
      let pdf;
      try {
        pdf = await getDocumentProxy(new Uint8Array(bytes));
      } catch (err) {
        if (err instanceof Error && err.name === 'PasswordException')
          throw new UnsupportedContentError('encrypted PDF');
        throw err;
      }
      try {
        text = (await extractText(pdf, { mergePages: true })).text;
      } finally {
        await pdf.loadingTask.destroy();
      }
      break;
    }
    case 'docx': {
      await checkZipBounds(bytes);
      const { default: mammoth } = await import('mammoth');
      text = (await mammoth.extractRawText({ buffer: bytes })).value;
      break;
    }
    case 'doc': {
      const { default: WordExtractor } = await import('word-extractor');
      text = (await new WordExtractor().extract(bytes)).getBody();
      break;
    }
    case 'txt':
      text = bytes.toString('utf8');
      break;
  }
  // PostgreSQL text cannot hold NUL.
  return text.replaceAll('\u0000', '').trim().slice(0, MAX_PARSED_CHARS);
}

const ALLOWED_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'br',
  'a',
  'img',
  'blockquote',
  'pre',
  'code',
  'span',
]);
const DROP_WITH_CONTENT =
  /<(script|style|iframe|object|embed|svg|math|template|noscript|textarea|title)\b[\s\S]*?<\/\1\s*>/gi;
const ATTRIBUTE = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function keepAttribute(tag: string, name: string, value: string): boolean {
  if (tag === 'a' && name === 'href') return /^(https?:|mailto:|#)/i.test(value.trim());
  if (tag === 'img' && name === 'src') return /^data:image\/(png|jpeg|gif);/i.test(value.trim());
  if (tag === 'img' && name === 'alt') return true;
  if ((tag === 'td' || tag === 'th') && (name === 'colspan' || name === 'rowspan')) return /^\d{1,3}$/.test(value);
  return false;
}

/**
 * Mammoth's HTML, reduced to an allow-list: known tags only, no event handlers, no script or
 * javascript: links. The preview is also served with a CSP that forbids script, so this is the
 * second of two locks, not the only one.
 */
export function sanitizeHtml(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(DROP_WITH_CONTENT, '')
    .replace(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g, (_tag, closing: string, rawName: string, attrs: string) => {
      const name = rawName.toLowerCase();
      if (!ALLOWED_TAGS.has(name)) return '';
      if (closing) return `</${name}>`;
      const kept: string[] = [];
      for (const m of attrs.matchAll(ATTRIBUTE)) {
        const attr = (m[1] ?? '').toLowerCase();
        const value = m[2] ?? m[3] ?? '';
        if (keepAttribute(name, attr, value))
          kept.push(` ${attr}="${value.replace(/"/g, '&quot;').replace(/</g, '&lt;')}"`);
      }
      if (name === 'a') kept.push(' rel="noopener noreferrer" target="_blank"');
      return `<${name}${kept.join('')}>`;
    });
}

/** Runs inside the extraction child, like extractCvText. */
export async function docxPreviewHtml(bytes: Buffer, title: string): Promise<string> {
  await checkZipBounds(bytes);
  const { default: mammoth } = await import('mammoth');
  const { value } = await mammoth.convertToHtml({ buffer: bytes }, { externalFileAccess: false });
  const escapedTitle = title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapedTitle}</title><style>body{font-family:system-ui,sans-serif;line-height:1.5;max-width:50rem;margin:1rem auto;padding:0 1rem;color:#222}img{max-width:100%}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25rem}</style></head><body>${sanitizeHtml(value)}</body></html>`;
}
