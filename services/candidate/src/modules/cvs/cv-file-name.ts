import type { CvFileType } from './cv-file-type';

const MAX_NAME = 255;
// C0/C1 controls and the bidi overrides that can make 'exe.pdf' display as 'fdp.exe'.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The user's file name, made safe to show: only the last path segment, no control or bidi characters,
 * no leading dots, at most 255 characters with the extension kept. It is only ever displayed, never
 * used as a storage key or path.
 */
export function sanitizeFileName(raw: string | undefined, type: CvFileType): string {
  let name = (raw ?? '').normalize('NFC').replace(UNSAFE_CHARS, '');
  name = name.split(/[/\\]/).pop() ?? '';
  name = name.replace(/^[\s.]+/, '').trim();
  if (!name) name = `cv.${type}`;
  const chars = Array.from(name);
  if (chars.length <= MAX_NAME) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 16 ? Array.from(name.slice(dot)) : [];
  return chars.slice(0, MAX_NAME - ext.length).join('') + ext.join('');
}

/** RFC 6266 with an ASCII fallback and the exact UTF-8 name in filename* (RFC 5987/8187). */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
