import { deferOutboxRow } from '@careers/server-kit/outbox';
import type { Db } from '../../db';

/*
 * The platform mails a candidate only at a proved address (docs/decisions/0532): a registration that never
 * proved its address could otherwise apply and have status, message and interview e-mails, and the
 * receipt, sent under a name of its choosing to an address that is not its own. Every outbox that writes to
 * a candidate holds such an e-mail the same way: it stays queued and looks again later, and goes once the
 * identity service's email_verified notice has marked the address proved; each outbox's own age limit drops
 * it if that never happens.
 */

const FIRST_LOOK_MS = 15_000;
const MAX_WAIT_MS = 10 * 60 * 1000;

/** How long an e-mail to an unproved address waits before it looks again: 15 s, 30 s … capped at 10 minutes. */
export function unprovedAddressWaitMs(looks: number): number {
  return Math.min(MAX_WAIT_MS, FIRST_LOOK_MS * 2 ** Math.min(looks, 20));
}

/** Holds a claimed outbox row whose candidate's address is not proved yet: due again after its wait. */
export function holdForProvedAddress(
  db: Db,
  outbox: 'status_mail_outbox' | 'message_notice_outbox' | 'interview_mail_outbox',
  row: { id: number; attempts: number },
  now: number,
): Promise<void> {
  return deferOutboxRow(db, outbox, row.id, new Date(now + unprovedAddressWaitMs(row.attempts)));
}
