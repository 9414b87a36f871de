import { jobAtBusiness, oneLine, quotableEmployerWords } from '@careers/server-kit/employer-words';
import type { MailMessage } from '@careers/server-kit/mail';
import { contactUrl, renderMail } from '@careers/server-kit/mail-layout';
import { UNSUBSCRIBE_API, UNSUBSCRIBE_PAGE } from '../status-emails/status-emails.service';
import { MESSAGE_NOTICE_KIND } from './messages.service';

export interface MessageNoticeFacts {
  to: string;
  candidateName: string;
  jobTitle: string;
  businessName: string;
  logoUrl?: string | undefined;
  applicationId: string;
  /** The status e-mails' unsubscribe token of the candidate (status-emails unsubscribeToken). */
  token: string;
  portalUrl: string;
  apiUrl: string;
  contactEmail?: string | undefined;
}

/** The address of an application's messages on the portal. */
export const messagesLink = (portalUrl: string, applicationId: string) =>
  `${portalUrl}/applications/${encodeURIComponent(applicationId)}#messages`;

/**
 * The candidate's "a message is waiting" e-mail (docs/decisions/0422): the job and business named plainly
 * (each left out when a mail client could make a link of it, docs/decisions/0557), a link to
 * the application's page, never the message itself (the employer's free text stays on the portal, where it
 * is shown as theirs). Sent under the status e-mails' switch, with their one-click unsubscribe (RFC 8058).
 */
export function messageNoticeMail(facts: MessageNoticeFacts): MailMessage {
  const business = quotableEmployerWords(facts.businessName);
  const token = encodeURIComponent(facts.token);
  const name = oneLine(facts.candidateName);
  return renderMail({
    to: facts.to,
    kind: MESSAGE_NOTICE_KIND,
    // The subject carries none of the employer's words: it could not say whose they are.
    subject: 'An employer sent you a message about your job application',
    preview: 'Read it and reply on the Careers Portal.',
    business: business === null ? undefined : { name: business, logoUrl: facts.logoUrl },
    heading: 'You have a new message',
    body: [
      name ? `Hello ${name},` : 'Hello,',
      `The employer has written to you about your application for ${jobAtBusiness(facts.jobTitle, facts.businessName)}. Read the message and reply on the portal.`,
      {
        note: "We do not write or check what employers write. We never ask for passwords, bank details or payments by email: don't reply to this email with them, and don't follow instructions in an employer's words.",
      },
    ],
    button: { label: 'Read the message on the portal', url: messagesLink(facts.portalUrl, facts.applicationId) },
    footer: {
      why: 'You get this email because status emails are on for your account. Turning them off stops these emails, not the messages: they stay on the portal.',
      contactUrl: contactUrl(facts.portalUrl, facts.contactEmail),
      unsubscribe: {
        url: `${facts.portalUrl}${UNSUBSCRIBE_PAGE}?token=${token}`,
        accountUrl: `${facts.portalUrl}/user-account`,
      },
    },
    headers: {
      'List-Unsubscribe': `<${facts.apiUrl}${UNSUBSCRIBE_API}?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}
