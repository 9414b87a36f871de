/**
 * The services of this run's stack through @careers/test-support's contracts-typed client, and the
 * mailbox the employer helpers read reset links from.
 */
import { servicesClient, type ServicesClient } from '@careers/test-support/api-client';
import type { ResetLinkReader } from '@careers/test-support/employer';
import { inject } from 'vitest';
import { latestLink, mailboxMark } from './mailbox';

/** A client of the identity and candidate services the global setup started. */
export function stackApi(): ServicesClient {
  const { identityUrl, candidateUrl } = inject('stack');
  return servicesClient({ identityUrl, candidateUrl });
}

/** The reset link e-mailed to `email` after `send` (read from the SMTP sink). */
export const mailboxResetLink: ResetLinkReader = async (email, send) => {
  const since = await mailboxMark();
  await send();
  return latestLink(email, '/account/reset/', { since });
};
