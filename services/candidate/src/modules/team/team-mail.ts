import type { TeamRole } from '@careers/contracts/employer';
import { quotableEmployerWords } from '@careers/server-kit/employer-words';
import type { MailMessage } from '@careers/server-kit/mail';
import { PRODUCT_NAME, contactUrl, renderMail } from '@careers/server-kit/mail-layout';

export const TEAM_INVITATION_KIND = 'team-invitation-link';

export const ROLE_WORDS: Record<TeamRole, string> = {
  Owner: 'Owner',
  Recruiter: 'Recruiter',
  HiringManager: 'Hiring manager',
};

const ROLE_DOES: Record<TeamRole, string> = {
  Owner: 'everything, including the team and the business details',
  Recruiter: 'the jobs and their applications',
  HiringManager: 'the applications of the jobs given to you, and leave notes on them',
};

/**
 * The invitation to join a business's team, in the shared layout (server-kit mail-layout): the business's
 * mark on top, one line of what it is, one button, how long it works, why it came. The business and inviter
 * names are the employer's words (docs/decisions/0237): quoted only when a mail client cannot make a link of
 * them, else the e-mail speaks of "a business" and "a member of its team".
 */
export function teamInvitationMail(facts: {
  to: string;
  businessName: string;
  inviterName: string;
  role: TeamRole;
  url: string;
  expiresAt: Date;
  validityDays: number;
  /** The business's logo, when it has one. */
  logoUrl?: string | undefined;
  /** The portal (for the footer's Contact us) and CONTACT_EMAIL when set. */
  portalUrl?: string;
  contactEmail?: string | undefined;
}): MailMessage {
  const quotedBusiness = quotableEmployerWords(facts.businessName);
  const quotedInviter = quotableEmployerWords(facts.inviterName);
  const business = quotedBusiness ?? 'a business';
  const inviter = quotedInviter ?? 'A member of its team';
  const role = ROLE_WORDS[facts.role];
  const portalUrl = facts.portalUrl ?? new URL(facts.url).origin;
  return renderMail({
    to: facts.to,
    kind: TEAM_INVITATION_KIND,
    subject:
      quotedBusiness === null
        ? `You are invited to an employer team on the ${PRODUCT_NAME}`
        : `${quotedInviter ?? 'Someone'} invites you to join ${quotedBusiness} on the ${PRODUCT_NAME}`,
    preview: `Join ${business} as ${role}.`,
    business: quotedBusiness === null ? undefined : { name: quotedBusiness, logoUrl: facts.logoUrl },
    heading: `Join ${business} on the ${PRODUCT_NAME}`,
    body: [
      `${inviter} invites you to the employer console of ${business} as ${role}: you will see ${ROLE_DOES[facts.role]}. Follow this link to accept; it signs you in, or lets you create your employer account with this address.`,
    ],
    button: { label: 'Accept the invitation', url: facts.url },
    after: [
      `The link works for ${facts.validityDays} days. After that, ask ${quotedInviter ?? 'the team'} for a new one.`,
    ],
    footer: {
      why: `You received this because someone of ${business} invited this email address to their team on the ${PRODUCT_NAME}. If you do not know them, ignore this email: nothing happens without the link.`,
      contactUrl: contactUrl(portalUrl, facts.contactEmail),
    },
    expiresAt: facts.expiresAt.getTime(),
  });
}
