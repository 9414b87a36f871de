import { z } from 'zod';

/**
 * What a team member is e-mailed when something happens to the applications they may see
 * (docs/decisions/0497): per kind, an e-mail at once, a line in the daily digest, or nothing.
 */

export const EMPLOYER_NOTICE_KINDS = ['newApplication', 'candidateReply', 'withdrawal', 'bookingChange'] as const;
export type EmployerNoticeKind = (typeof EMPLOYER_NOTICE_KINDS)[number];

export const NOTICE_DELIVERIES = ['instant', 'digest', 'off'] as const;
export const noticeDeliverySchema = z.enum(NOTICE_DELIVERIES);
export type NoticeDelivery = z.infer<typeof noticeDeliverySchema>;

/** GET and PUT /business/notification-settings: the caller's own choices, every kind named. */
export const employerNotificationSettingsSchema = z.object({
  newApplication: noticeDeliverySchema,
  candidateReply: noticeDeliverySchema,
  withdrawal: noticeDeliverySchema,
  bookingChange: noticeDeliverySchema,
});
export type EmployerNotificationSettings = z.infer<typeof employerNotificationSettingsSchema>;

/** A member who never chose: new applications wait for the digest, everything the candidate does comes at once. */
export const DEFAULT_EMPLOYER_NOTIFICATIONS: EmployerNotificationSettings = {
  newApplication: 'digest',
  candidateReply: 'instant',
  withdrawal: 'instant',
  bookingChange: 'instant',
};

/** The digest goes at this hour in the member's time zone (their interview hours' zone), else UTC. */
export const DIGEST_HOUR = 8;
