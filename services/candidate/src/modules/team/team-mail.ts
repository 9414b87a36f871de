import type { MailMessage } from '@careers/server-kit/mail';
import type { TeamRole } from '@careers/contracts/employer';

const PRODUCT = 'Careers Portal';
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Names and business names come from people: one line each, so they cannot add lines to the message. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

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
 * The invitation to join a business's team, written as the identity service's employer welcome e-mail is
 * (a heading, one line of what it is, one link, how long it works, why it came): one function, so the
 * product's e-mail look can be applied here in one place.
 */
export function teamInvitationMail(facts: {
  to: string;
  businessName: string;
  inviterName: string;
  role: TeamRole;
  url: string;
  expiresAt: Date;
  validityDays: number;
}): MailMessage {
  const business = oneLine(facts.businessName);
  const inviter = oneLine(facts.inviterName);
  const role = ROLE_WORDS[facts.role];
  const heading = `Join ${business} on the ${PRODUCT}`;
  const intro = `${inviter} invites you to the employer console of ${business} as ${role}: you will see ${ROLE_DOES[facts.role]}. Follow this link to accept; it signs you in, or lets you create your employer account with this address.`;
  const label = 'Accept the invitation';
  const validity = `The link works for ${facts.validityDays} days. After that, ask ${inviter} for a new one.`;
  const why = `You received this because ${inviter} of ${business} invited this e-mail address to their team on the ${PRODUCT}. If you do not know them, ignore this e-mail: nothing happens without the link.`;
  const text = [heading, '', intro, '', `${label}: ${facts.url}`, '', validity, '', '-- ', why].join('\n');
  const html = `<!doctype html>
<html>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2933">
<h1 style="font-size:1.25em">${escapeHtml(heading)}</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(facts.url)}" style="display:inline-block;padding:0.6em 1.2em;background:#1f4fd1;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(label)}</a></p>
<p>${escapeHtml(validity)}</p>
<hr>
<p style="color:#555;font-size:0.875em">${escapeHtml(why)}</p>
</body>
</html>`;
  return {
    to: facts.to,
    kind: TEAM_INVITATION_KIND,
    subject: `${inviter} invites you to join ${business} on the ${PRODUCT}`,
    text,
    html,
    expiresAt: facts.expiresAt.getTime(),
  };
}
