import type { MailMessage } from './mail';

/**
 * The one look of every e-mail both services send (docs/decisions/0280): a mail builds a MailContent (its
 * words) and `renderMail` turns it into the HTML and plain-text parts. The HTML is table layout with inline
 * styles, the form mail clients agree on: one column at most 560 px wide that narrows with the screen, one
 * header (mailHeader decides it: the business's logo for an e-mail about one business that has a logo, the
 * product's name otherwise), one button, and a footer that says why the e-mail came and links to a way to
 * contact us.
 */

export const PRODUCT_NAME = 'Careers Portal';

const COLORS = {
  page: '#f3f4f6',
  card: '#ffffff',
  border: '#dde1e6',
  text: '#111827',
  muted: '#4b5563',
  brand: '#1a4fa0',
  onBrand: '#ffffff',
  codeBack: '#f3f4f6',
} as const;
const FONT = "-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const MONO = "'SFMono-Regular',Consolas,'Liberation Mono',monospace";

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** A part of an e-mail's body, shown the same way in every e-mail. */
export type MailBlock =
  /** A paragraph. */
  | string
  /** One short line that matters most (a status), large and bold. */
  | { emphasis: string }
  /** A one-time code: large, monospace, selected whole with one click. */
  | { code: string }
  /** Lines that belong together (quoted words), indented in the text part. */
  | { list: string[] }
  /** Label and value pairs (what was sent, when). */
  | { facts: { label: string; value: string }[] }
  /** A smaller paragraph in a quieter colour. */
  | { note: string }
  /** Someone else's words as they wrote them, line breaks kept (a forwarded message). */
  | { quote: string }
  /** Links, each on its own line with a quieter line under it (the jobs of a job alert). */
  | { links: { label: string; url: string; detail?: string }[] };

export interface MailContent {
  to: string;
  kind: string;
  subject: string;
  /** The line a mail client shows beside the subject in the list of messages. */
  preview?: string;
  /**
   * The one business the e-mail is about (its name as the employer wrote it, already checked to be quotable,
   * and its logo's public address when it has one): its logo heads the e-mail; without a logo, or without a
   * business, the product's name does.
   */
  business?: { name: string; logoUrl?: string | undefined } | undefined;
  heading?: string;
  body: MailBlock[];
  /** The one button; the text part and the HTML both print its address in full as well. */
  button?: { label: string; url: string };
  /** What follows the button (how long a link works). */
  after?: MailBlock[];
  footer: {
    /** Why the reader got this e-mail (and what to do if it was not them). */
    why: string;
    /** Where "Contact us" leads: the portal's contact page or a mailto: address. */
    contactUrl: string;
    /** The status e-mails' way out: a page that turns them off, and the account page. */
    unsubscribe?: { url: string; accountUrl: string; label?: string };
  };
  expiresAt?: number;
  headers?: Record<string, string>;
}

const dateTimeFormats = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function formatsOf(timeZone: string) {
  let formats = dateTimeFormats.get(timeZone);
  if (!formats) {
    formats = {
      day: new Intl.DateTimeFormat('en-GB', {
        timeZone,
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }),
      time: new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    };
    dateTimeFormats.set(timeZone, formats);
  }
  return formats;
}

/** The zone an e-mail says its times in: the reader's when it is known (and a zone this server knows), else UTC. */
export function mailTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    formatsOf(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * A moment (or a span, given its end) as every e-mail names it: in the reader's time zone, with the zone's
 * name, "Monday 29 March 2027, 09:00 (Europe/London)" or "…, 09:00–09:45 (Europe/London)". A reader whose
 * zone is unknown gets it in UTC, said so: "…, 08:00 (UTC)", never a bare time.
 */
export function timeInZone(start: Date, timeZone?: string | null, end?: Date | null): string {
  const zone = mailTimeZone(timeZone);
  const { day, time } = formatsOf(zone);
  const span = end ? `${time.format(start)}–${time.format(end)}` : time.format(start);
  const parts = day.formatToParts(start);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ${span} (${zone})`;
}

/** Where an e-mail's "Contact us" leads: the configured address when there is one, else the portal's contact page. */
export function contactUrl(portalUrl: string, contactEmail?: string | undefined): string {
  return contactEmail ? `mailto:${contactEmail}` : `${portalUrl.replace(/\/+$/, '')}/contact-us`;
}

const INDENT = '    ';

function blockText(block: MailBlock): string {
  if (typeof block === 'string') return block;
  if ('emphasis' in block) return `${INDENT}${block.emphasis}`;
  if ('code' in block) return `${INDENT}${block.code}`;
  if ('list' in block) return block.list.map((line) => `${INDENT}${line}`).join('\n');
  if ('facts' in block) return block.facts.map((f) => `${f.label}: ${f.value}`).join('\n');
  if ('quote' in block) return block.quote;
  if ('links' in block)
    return block.links.map((l) => `${l.label}${l.detail ? ` (${l.detail})` : ''}\n${INDENT}${l.url}`).join('\n');
  return block.note;
}

const P = `margin:0 0 16px;font-size:16px;line-height:1.5;color:${COLORS.text}`;

function blockHtml(block: MailBlock): string {
  if (typeof block === 'string') return `<p style="${P}">${escapeHtml(block)}</p>`;
  if ('emphasis' in block)
    return `<p style="margin:0 0 16px;font-size:20px;line-height:1.4;color:${COLORS.text}"><strong>${escapeHtml(block.emphasis)}</strong></p>`;
  if ('code' in block)
    return `<p style="margin:8px 0 24px;font-family:${MONO};font-size:32px;font-weight:700;letter-spacing:6px;color:${COLORS.text};user-select:all;-webkit-user-select:all">${escapeHtml(block.code)}</p>`;
  if ('list' in block)
    return `<ul style="margin:0 0 16px;padding:0 0 0 20px;font-size:16px;line-height:1.5;color:${COLORS.text}">${block.list
      .map((line) => `<li style="margin:0 0 4px;overflow-wrap:anywhere">${escapeHtml(line)}</li>`)
      .join('')}</ul>`;
  if ('facts' in block)
    return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;border-collapse:collapse">${block.facts
      .map(
        (f) =>
          `<tr><td style="padding:6px 0;border-top:1px solid ${COLORS.border};font-size:14px;color:${COLORS.muted}">${escapeHtml(f.label)}<br><span style="font-size:16px;color:${COLORS.text};overflow-wrap:anywhere">${escapeHtml(f.value)}</span></td></tr>`,
      )
      .join('')}</table>`;
  if ('quote' in block)
    return `<div style="margin:0 0 16px;padding:8px 12px;border-left:4px solid ${COLORS.border};white-space:pre-wrap;overflow-wrap:anywhere;font-size:16px;line-height:1.5;color:${COLORS.text}">${escapeHtml(block.quote)}</div>`;
  if ('links' in block)
    return `<ul style="margin:0 0 16px;padding:0;list-style:none">${block.links
      .map(
        (l) =>
          `<li style="margin:0 0 12px;overflow-wrap:anywhere"><a href="${escapeHtml(l.url)}" style="font-size:16px;font-weight:600;color:${COLORS.brand}">${escapeHtml(l.label)}</a>${l.detail ? `<br><span style="font-size:14px;color:${COLORS.muted}">${escapeHtml(l.detail)}</span>` : ''}</li>`,
      )
      .join('')}</ul>`;
  return `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:${COLORS.muted}">${escapeHtml(block.note)}</p>`;
}

/** The side of the square a business's logo is drawn in at the top of an e-mail, in CSS pixels. */
export const MAIL_LOGO_SIZE = 48;

/** What heads an e-mail: the business's logo, or the product's name. */
export type MailHeader = { logo: { url: string; alt: string } } | { product: string };

/**
 * The one rule for every e-mail's header: an e-mail about one business that has a logo shows that logo (its
 * alt text the business's name, so a reader with images off still sees whose it is); every other e-mail,
 * one about a business without a logo too, shows the product's name. One header for every e-mail, so that a
 * business's e-mails and ours look alike and a look-alike of either stands out.
 */
export function mailHeader(business: MailContent['business']): MailHeader {
  if (business?.logoUrl && business.name) return { logo: { url: business.logoUrl, alt: business.name } };
  return { product: PRODUCT_NAME };
}

function headerHtml(header: MailHeader): string {
  if ('logo' in header)
    return `<img src="${escapeHtml(header.logo.url)}" width="${MAIL_LOGO_SIZE}" height="${MAIL_LOGO_SIZE}" alt="${escapeHtml(header.logo.alt)}" style="display:block;width:${MAIL_LOGO_SIZE}px;height:${MAIL_LOGO_SIZE}px;border-radius:6px;object-fit:contain;border:0;font-size:16px;font-weight:700;color:${COLORS.text}">`;
  // Text, not an image: it shows with images off, and looks the same in every e-mail.
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td width="36" height="36" align="center" style="width:36px;height:36px;background:${COLORS.brand};border-radius:6px;color:${COLORS.onBrand};font-size:15px;font-weight:700;font-family:${FONT}" aria-hidden="true">CP</td><td style="padding:0 0 0 10px;vertical-align:middle;font-size:18px;font-weight:700;color:${COLORS.text}">${escapeHtml(header.product)}</td></tr></table>`;
}

function headerText(header: MailHeader): string {
  return 'logo' in header ? header.logo.alt : header.product;
}

function buttonHtml(button: { label: string; url: string }): string {
  const url = escapeHtml(button.url);
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px"><tr><td style="background:${COLORS.brand};border-radius:6px"><a href="${url}" style="display:inline-block;padding:12px 20px;font-size:16px;font-weight:600;color:${COLORS.onBrand};text-decoration:none;border-radius:6px">${escapeHtml(button.label)}</a></td></tr></table>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:${COLORS.muted}">${
    button.url.startsWith('mailto:')
      ? `Or write to <a href="${url}" style="color:${COLORS.brand};word-break:break-all">${escapeHtml(button.url.slice(7))}</a>`
      : `If the button does not work, copy this address into your browser:<br><a href="${url}" style="color:${COLORS.brand};word-break:break-all">${url}</a>`
  }</p>`;
}

function footerHtml(footer: MailContent['footer']): string {
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:${COLORS.muted};text-decoration:underline">${label}</a>`;
  const parts = [`<p style="margin:0 0 8px">${escapeHtml(footer.why)}</p>`];
  if (footer.unsubscribe)
    parts.push(
      `<p style="margin:0 0 8px">${link(footer.unsubscribe.url, escapeHtml(footer.unsubscribe.label ?? 'Turn status e-mails off'))} in one click, or on your ${link(footer.unsubscribe.accountUrl, 'account page')}.</p>`,
    );
  parts.push(`<p style="margin:0">${link(footer.contactUrl, 'Contact us')} &middot; ${PRODUCT_NAME}</p>`);
  return parts.join('\n');
}

/** Turns an e-mail's words into the message both services send: the same layout in HTML and in plain text. */
export function renderMail(content: MailContent): MailMessage {
  const { footer } = content;
  const header = mailHeader(content.business);
  const contactLabel = footer.contactUrl.startsWith('mailto:') ? footer.contactUrl.slice(7) : footer.contactUrl;
  const text = [
    headerText(header),
    '',
    ...(content.heading ? [content.heading, ''] : []),
    ...content.body.flatMap((block) => [blockText(block), '']),
    ...(content.button ? [`${content.button.label}: ${content.button.url}`, ''] : []),
    ...(content.after ?? []).flatMap((block) => [blockText(block), '']),
    // The signature separator ("-- "): mail clients fold what follows away.
    '-- ',
    footer.why,
    ...(footer.unsubscribe
      ? [
          `Stop them: ${footer.unsubscribe.url}`,
          `(or turn them off on your account page: ${footer.unsubscribe.accountUrl})`,
        ]
      : []),
    `Contact us: ${contactLabel}`,
    `— ${PRODUCT_NAME}`,
  ].join('\n');

  const preview = content.preview
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(content.preview)}</div>\n`
    : '';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:${COLORS.page};color:${COLORS.text};font-family:${FONT};font-size:16px;line-height:1.5">
${preview}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLORS.page}">
<tr><td align="center" style="padding:24px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:${COLORS.card};border:1px solid ${COLORS.border};border-radius:8px">
<tr><td style="padding:20px 24px;border-bottom:1px solid ${COLORS.border}">${headerHtml(header)}</td></tr>
<tr><td style="padding:24px 24px 8px;font-family:${FONT}">
${content.heading ? `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;color:${COLORS.text}">${escapeHtml(content.heading)}</h1>\n` : ''}${content.body.map(blockHtml).join('\n')}
${content.button ? buttonHtml(content.button) : ''}
${(content.after ?? []).map(blockHtml).join('\n')}
</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px">
<tr><td style="padding:16px 24px;font-family:${FONT};font-size:13px;line-height:1.5;color:${COLORS.muted}">
${footerHtml(footer)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return {
    to: content.to,
    subject: content.subject,
    text,
    html,
    kind: content.kind,
    ...(content.expiresAt === undefined ? {} : { expiresAt: content.expiresAt }),
    ...(content.headers ? { headers: content.headers } : {}),
  };
}
