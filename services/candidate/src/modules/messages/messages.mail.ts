import { oneLine, quotableEmployerWords } from '@careers/server-kit/employer-words';
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

const NOT_QUOTED = '(not shown in this email because it contains a web address; see it on the portal)';

/** The address of an application's messages on the portal. */
export const messagesLink = (portalUrl: string, applicationId: string) =>
  `${portalUrl}/applications/${encodeURIComponent(applicationId)}#messages`;

/**
 * The candidate's "a message is waiting" e-mail (docs/decisions/0422): the business's name and the job
 * quoted and labelled as the employer's (left out when a mail client could make a link of them), a link to
 * the application's page, never the message itself (the employer's free text stays on the portal, where it
 * is shown as theirs). Sent under the status e-mails' switch, with their one-click unsubscribe (RFC 8058).
 */
export function messageNoticeMail(facts: MessageNoticeFacts): MailMessage {
  const business = quotableEmployerWords(facts.businessName);
  const title = quotableEmployerWords(facts.jobTitle);
  const quoted = (words: string | null) => (words === null ? NOT_QUOTED : `"${words}"`);
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
      'An employer has written to you about your job application. Read the message and reply on the portal:',
      {
        list: [
          `Business name as written by the employer: ${quoted(business)}`,
          `Job title as written by the employer: ${quoted(title)}`,
        ],
      },
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
