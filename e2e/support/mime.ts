/**
 * Just enough MIME to read what nodemailer sends: headers (folded, RFC 2047 encoded words), multipart
 * bodies, quoted-printable and base64 parts. Not a general mail parser: tests only need the subject,
 * the text, a 6-digit code and the links.
 */
export interface ParsedMail {
  from: string;
  to: string;
  subject: string;
  /** The text/plain part, or the HTML part with its tags removed when there is no text part. */
  text: string;
  html: string;
  /** The first standalone 6-digit number in the text outside any link, if any. */
  code: string | null;
  /** Every http(s) link in the text and the HTML hrefs, in order, without duplicates. */
  links: string[];
  /** The text/calendar parts (an interview's .ics), decoded, with their Content-Type. */
  calendars: { contentType: string; text: string }[];
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

export function parseMail(raw: string): ParsedMail {
  const root = splitPart(raw);
  const texts: string[] = [];
  const htmls: string[] = [];
  const calendars: ParsedMail['calendars'] = [];
  collect(root, texts, htmls, calendars);
  const html = htmls.join('\n');
  const text = texts.length ? texts.join('\n') : htmlToText(html);
  return {
    from: decodeWords(root.headers.get('from') ?? ''),
    to: decodeWords(root.headers.get('to') ?? ''),
    subject: decodeWords(root.headers.get('subject') ?? ''),
    text,
    html,
    code: findCode(text),
    links: findLinks(text, html),
    calendars,
  };
}

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded headers continue on lines that start with white space.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collect(part: Part, texts: string[], htmls: string[], calendars: ParsedMail['calendars'] = []): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const mediaType = type.split(';')[0]?.trim().toLowerCase() ?? 'text/plain';
  if (mediaType.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`);
    // Drop the preamble before the first boundary and the epilogue after the closing one.
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      collect(splitPart(section.replace(/^\n/, '')), texts, htmls, calendars);
    }
    return;
  }
  if (mediaType === 'text/calendar') {
    const text = decodeBody(part.body, part.headers.get('content-transfer-encoding') ?? '7bit');
    calendars.push({ contentType: type, text });
    return;
  }
  if (/attachment/i.test(part.headers.get('content-disposition') ?? '')) return;
  const decoded = decodeBody(part.body, part.headers.get('content-transfer-encoding') ?? '7bit');
  if (mediaType === 'text/plain') texts.push(decoded);
  else if (mediaType === 'text/html') htmls.push(decoded);
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

function decodeQuotedPrintable(body: string): string {
  const softBreaksRemoved = body.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksRemoved.length; i++) {
    const ch = softBreaksRemoved[i] ?? '';
    const hex = softBreaksRemoved.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047: =?charset?Q?…?= and =?charset?B?…?= (UTF-8 and ASCII are all nodemailer writes). */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
      .replace(/<br\s*\/?>|<\/p>|<\/div>/gi, '\n')
      .replace(/<[^>]+>/g, ''),
  );
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Links are left out: a confirmation or reset token can hold six digits in a row. */
function findCode(text: string): string | null {
  const withoutLinks = text.replace(/https?:\/\/\S+/g, ' ');
  return /(?<![\w/-])\d{6}(?![\w/-])/.exec(withoutLinks)?.[0] ?? null;
}

function findLinks(text: string, html: string): string[] {
  const links = [
    ...(text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []),
    ...[...html.matchAll(/href="(https?:\/\/[^"]+)"/gi)].map((m) => decodeEntities(m[1] ?? '')),
  ].map((link) => link.replace(/[.,;]+$/, ''));
  return [...new Set(links)];
}
