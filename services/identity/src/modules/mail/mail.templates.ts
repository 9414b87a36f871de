import { CODE_LIFETIME_TEXT } from '@careers/contracts/limits';
import type { MailMessage } from '@careers/server-kit/mail';
import { PRODUCT_NAME, contactUrl, escapeHtml, renderMail, timeInZone } from '@careers/server-kit/mail-layout';

const PRODUCT = PRODUCT_NAME;

export { escapeHtml };

/** What every identity e-mail needs to know of the site: its portal, and where "Contact us" leads. */
export interface MailSite {
  portalUrl: string;
  /** CONTACT_EMAIL, when set: "Contact us" writes to it instead of opening the portal's contact page. */
  contactEmail?: string | undefined;
}

interface Layout {
  to: string;
  kind: string;
  subject: string;
  heading: string;
  intro: string;
  /** The code, shown large and selectable, or a link, shown as a button and as text. */
  code?: string;
  link?: { label: string; url: string };
  validity: string;
  why: string;
  /** What to do if the reader did not ask for this; the default suits a code or link that changes nothing unused. */
  notYou?: string;
}

/**
 * Every identity e-mail in the shared layout (server-kit mail-layout): the product's mark, a real heading,
 * the code in a large monospace block that can be selected and copied, or the link as the one button and
 * printed in full, how long it works, and in the footer why the message came, what to do if it was not
 * you, and how to contact us.
 */
function render(m: Layout, site: MailSite): MailMessage {
  const notYou =
    m.notYou ??
    'If this was not you, you can ignore this email: nothing changes without the code or link. If it keeps happening, contact us.';
  return renderMail({
    to: m.to,
    kind: m.kind,
    subject: m.subject,
    preview: m.intro,
    heading: m.heading,
    body: [m.intro, ...(m.code ? [{ code: m.code }] : [])],
    ...(m.link ? { button: m.link } : {}),
    after: [m.validity],
    footer: { why: `${m.why} ${notYou}`, contactUrl: contactUrl(site.portalUrl, site.contactEmail) },
  });
}

/** The job a code finishes the application to, in the employer's words that can be quoted (docs/decisions/0237). */
export interface CodeJob {
  title: string;
  business: string | null;
}

/**
 * The sign-in code. A new candidate's first code, asked for by the apply page, names the job it finishes
 * the application to (docs/decisions/0284); the subject still ends with the code.
 */
export function signInCodeMail(to: string, code: string, site: MailSite, job?: CodeJob | null): MailMessage {
  return render(
    {
      to,
      kind: 'sign-in-code',
      subject: `Your ${PRODUCT} sign-in code: ${code}`,
      heading: job ? 'Finish your application' : 'Your sign-in code',
      intro: job
        ? `Enter this code on the ${PRODUCT} to finish your application for ${job.title}${job.business ? ` at ${job.business}` : ''}:`
        : `Enter this code on the ${PRODUCT} to sign in:`,
      code,
      validity: `The code works once and expires in ${CODE_LIFETIME_TEXT}.`,
      why: job
        ? `You received this because someone applied for a job on the ${PRODUCT} with this email address.`
        : `You received this because someone asked to sign in to the ${PRODUCT} with this email address.`,
    },
    site,
  );
}

export function emailChangeCodeMail(to: string, code: string, site: MailSite): MailMessage {
  return render(
    {
      to,
      kind: 'email-change-code',
      subject: `Your ${PRODUCT} email change code: ${code}`,
      heading: 'Confirm your new email address',
      intro: `Enter this code on the ${PRODUCT} to use this address for your account:`,
      code,
      validity: `The code works once and expires in ${CODE_LIFETIME_TEXT}.`,
      why: `You received this because someone asked to change the email address of a ${PRODUCT} account to this one.`,
    },
    site,
  );
}

export function confirmationMail(to: string, url: string, site: MailSite): MailMessage {
  return render(
    {
      to,
      kind: 'confirmation-link',
      subject: `Confirm your email address for the ${PRODUCT}`,
      heading: 'Confirm your email address',
      intro: `Welcome to the ${PRODUCT}. Please confirm that this email address is yours.`,
      link: { label: 'Confirm my email address', url },
      validity: 'The link works once and expires in 24 hours.',
      why: `You received this because an account was created on the ${PRODUCT} with this email address.`,
    },
    site,
  );
}

/** An employer's one e-mail at sign-up: the link sets the password, proves the address and opens the console. */
export function employerWelcomeMail(to: string, name: string, url: string, site: MailSite): MailMessage {
  return render(
    {
      to,
      kind: 'employer-welcome-link',
      subject: `Welcome to the ${PRODUCT}: set your password`,
      heading: 'Welcome, set your password',
      intro: `Hello ${name}, your employer account is ready. Follow this link to choose your password: it also confirms this email address and opens your employer console.`,
      link: { label: 'Set my password', url },
      validity:
        'The link works once and expires in 24 hours. After that, ask for a new one on the employer sign-in page.',
      why: `You received this because an employer account was created on the ${PRODUCT} with this email address.`,
    },
    site,
  );
}

export function passwordResetMail(to: string, url: string, site: MailSite): MailMessage {
  return render(
    {
      to,
      kind: 'password-reset-link',
      subject: `Reset your ${PRODUCT} password`,
      heading: 'Reset your password',
      intro: 'Follow this link to choose a new password.',
      link: { label: 'Choose a new password', url },
      validity: 'The link works once and expires in 1 hour.',
      why: `You received this because someone asked to reset the password of the ${PRODUCT} account with this email address.`,
    },
    site,
  );
}

export function emailChangeCurrentCodeMail(to: string, code: string, newEmail: string, site: MailSite): MailMessage {
  return render(
    {
      to,
      kind: 'email-change-current-code',
      subject: `Your ${PRODUCT} code to approve an email change: ${code}`,
      heading: 'Approve the change of your email address',
      intro: `Someone signed in to your ${PRODUCT} account asked to change its email address to ${newEmail}. Enter this code together with the code sent to ${newEmail} to approve it:`,
      code,
      validity: `The code works once and expires in ${CODE_LIFETIME_TEXT}.`,
      why: `You received this because this is the email address of the ${PRODUCT} account.`,
      notYou:
        'If this was not you, do not give this code to anyone: without it the address cannot change. Someone else may be signed in to your account; please contact us.',
    },
    site,
  );
}

export function emailChangedNoticeMail(to: string, newEmail: string, undoUrl: string, site: MailSite): MailMessage {
  return render(
    {
      to,
      kind: 'email-changed-notice',
      subject: `The email address of your ${PRODUCT} account was changed`,
      heading: 'Your email address was changed',
      intro: `Your ${PRODUCT} account now uses ${newEmail} instead of this address. If you made this change, there is nothing to do.`,
      link: { label: 'This was not me: put my address back', url: undoUrl },
      validity: 'The link works once for 7 days. It puts this address back on the account and signs out everywhere.',
      why: `You received this because this address was the email address of the ${PRODUCT} account until now.`,
      notYou: 'If you did not make this change, use the link above now: someone else may have changed it.',
    },
    site,
  );
}

export function accountDeletionCodeMail(to: string, code: string, site: MailSite): MailMessage {
  return render(
    {
      to,
      kind: 'account-deletion-code',
      subject: `Your ${PRODUCT} code to delete your account: ${code}`,
      heading: 'Confirm deleting your account',
      intro: `Enter this code on the ${PRODUCT} to delete your account and everything in it for good:`,
      code,
      validity: `The code works once and expires in ${CODE_LIFETIME_TEXT}.`,
      why: `You received this because someone signed in to the ${PRODUCT} account with this email address asked to delete it.`,
      notYou:
        'If this was not you, do not give this code to anyone: without it the account is not deleted. Someone else may be signed in to your account; please contact us.',
    },
    site,
  );
}

/**
 * The receipt of an account's deletion (docs/decisions/0360): what went and when. It carries no link that
 * signs in or changes anything (the account is gone); only the footer's "Contact us".
 */
export function accountDeletedMail(to: string, deleted: { at: Date; candidate: boolean }, site: MailSite): MailMessage {
  // The identity service knows no reader's time zone: the time is said in UTC, naming it.
  const at = timeInZone(deleted.at, null);
  const what = deleted.candidate
    ? ['Your account and its sign-in address', 'Your profile', 'Your CVs', 'Your applications and their history']
    : ['Your account and its sign-in address'];
  return renderMail({
    to,
    kind: 'account-deleted',
    subject: `Your ${PRODUCT} account has been deleted`,
    preview: `Your ${PRODUCT} account was deleted on ${at}.`,
    heading: 'Your account has been deleted',
    body: [
      `As asked, with the code sent to this address, your ${PRODUCT} account was deleted for good.`,
      { facts: [{ label: 'Deleted on', value: at }] },
      'What was deleted:',
      { list: what },
    ],
    after: [
      {
        note: 'You can sign up again with this address at any time: it starts a new, empty account.',
      },
    ],
    footer: {
      why: `You received this because the ${PRODUCT} account with this email address was deleted. If this was not you, please contact us.`,
      contactUrl: contactUrl(site.portalUrl, site.contactEmail),
    },
  });
}
