import { randomUUID } from 'node:crypto';
import type { ContactMessage } from '@careers/contracts/candidate';
import { oneLine } from '@careers/server-kit/employer-words';
import type { MailMessage, MailTransport } from '@careers/server-kit/mail';
import { PRODUCT_NAME, contactUrl, renderMail, timeInZone } from '@careers/server-kit/mail-layout';
import { productMetrics } from '@careers/server-kit/metrics';
import type { Db } from '../../db';
import type { AuthUser } from '@careers/server-kit/bearer-auth';
import { QUOTAS, enforceWindowQuota, lockQuota } from '../quotas/quotas';
import {
  contactMessagesSince,
  countAttempt,
  deleteContactMessagesOfUser,
  findUnforwarded,
  insertContactMessage,
  markForwarded,
  staleUnforwardedIds,
  type ContactRow,
} from './contact.repository';

/** A user's contact messages go with their candidate or their account. */
export { deleteContactMessagesOfUser };
/** Messages whose forwarding job may have been lost (a crash between commit and enqueue): the sweep queues them again. */
export { staleUnforwardedIds };

/** The kind of the forwarding e-mail, as logs and metrics name it. */
export const CONTACT_MAIL_KIND = 'contact message';

/**
 * The e-mail that forwards a contact message to the provider's inbox (CONTACT_EMAIL), in the shared layout:
 * who wrote, how to reach them, and their words as they wrote them (escaped, line breaks kept).
 */
export function contactMail(row: ContactRow, to: string, portalUrl: string): MailMessage {
  const name = oneLine(row.name);
  return renderMail({
    to,
    kind: CONTACT_MAIL_KIND,
    // Single line: a header must not carry a user's line breaks.
    subject: `Contact from ${name}`.slice(0, 150),
    heading: 'A message from the contact form',
    body: [
      {
        facts: [
          { label: 'From', value: `${name} <${row.email}>` },
          { label: 'Phone', value: oneLine(row.phone) || '-' },
          { label: 'Source', value: oneLine(row.source) || '-' },
          // The provider's inbox has no time zone the service knows: UTC, said so.
          { label: 'Sent', value: timeInZone(row.created_at, null) },
        ],
      },
      { quote: row.message },
    ],
    button: { label: `Reply to ${name}`, url: `mailto:${row.email}` },
    footer: {
      why: `You get this e-mail because this address is the ${PRODUCT_NAME}'s contact address (CONTACT_EMAIL). Your reply goes to the sender's own address.`,
      contactUrl: contactUrl(portalUrl),
    },
  });
}

/**
 * Keeps a signed-in user's message (at most QUOTAS.contactMessages in its window, 429 past that) and, when
 * CONTACT_EMAIL is set, queues its forwarding by e-mail (sent in the background, with retries).
 */
export async function sendContactMessage(
  db: Db,
  forwarding: { contactEmail: string | undefined; enqueueContactForward: (id: string) => Promise<void> },
  user: AuthUser,
  body: ContactMessage,
): Promise<void> {
  const id = randomUUID();
  // Counted and kept under the account's quota lock: parallel messages queue, and only those that fit are kept.
  await db.transaction().execute(async (trx) => {
    await lockQuota(trx, 'contactMessages', user.userId);
    const now = Date.now();
    enforceWindowQuota(
      QUOTAS.contactMessages,
      await contactMessagesSince(trx, user.userId, new Date(now - QUOTAS.contactMessages.windowMs)),
      now,
    );
    await insertContactMessage(trx, { id, user_id: user.userId, ...body, created_at: new Date(now) });
  });
  // After the commit (PGlite has one connection: the queue must not wait on the transaction).
  if (forwarding.contactEmail) {
    await forwarding.enqueueContactForward(id);
    productMetrics.emailsQueued().inc({ kind: CONTACT_MAIL_KIND });
  }
}

/** The forwarding job: sends a message not forwarded yet to CONTACT_EMAIL (`to`; nothing without it). */
export async function forwardContactMessage(
  deps: { db: Db; mail: MailTransport; portalUrl: string },
  to: string | undefined,
  id: string,
): Promise<void> {
  if (!to) return;
  const { db } = deps;
  const row = await findUnforwarded(db, id);
  if (!row) return;
  await countAttempt(db, id);
  // Throws on an SMTP failure: pg-boss retries with backoff. At-least-once: a crash between send and
  // mark can repeat one e-mail, which beats losing it.
  const message = contactMail(row, to, deps.portalUrl);
  try {
    await deps.mail.send(message);
  } catch (err) {
    productMetrics.emailsFailed().inc({ kind: message.kind });
    throw err;
  }
  productMetrics.emailsSent().inc({ kind: message.kind });
  await markForwarded(db, id);
}
