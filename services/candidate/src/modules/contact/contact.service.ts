import type { MailMessage } from '@careers/server-kit/mail';
import type { ContactRow } from './contact.repository';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The kind of the forwarding e-mail, as logs and metrics name it. */
export const CONTACT_MAIL_KIND = 'contact message';

/** The e-mail that forwards a contact message to the provider's inbox (CONTACT_EMAIL). */
export function contactMail(row: ContactRow, to: string): MailMessage {
  const lines = [
    `From: ${row.name} <${row.email}>`,
    `Phone: ${row.phone || '-'}`,
    `Source: ${row.source || '-'}`,
    `Sent: ${row.created_at.toISOString()}`,
    '',
    row.message,
  ];
  return {
    to,
    // Single line: a header must not carry a user's line breaks.
    subject: `Contact from ${row.name}`.replace(/[\r\n]+/g, ' ').slice(0, 150),
    text: lines.join('\n'),
    html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(lines.join('\n'))}</pre>`,
    kind: CONTACT_MAIL_KIND,
  };
}
