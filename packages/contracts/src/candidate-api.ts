import { z } from 'zod';
import { idSchema, isoDateSchema } from './common';

/**
 * Candidate-service answers beyond product.md §3 (the spec leaves them "not shown"); kept here so the portal
 * and the service share them.
 */

/** POST /cvs/{cvId}/preview-link: an address an iframe can load without a bearer token. */
export const cvPreviewLinkSchema = z.object({ url: z.string(), expiresAt: isoDateSchema });
export type CvPreviewLink = z.infer<typeof cvPreviewLinkSchema>;

/** DELETE /candidate answers the id it removed. */
export const candidateDeletedSchema = z.object({ id: idSchema });

/** GET /business: the employer's own business. */
export const businessDetailSchema = z.object({
  id: idSchema,
  name: z.string(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  careersDomain: z.string().nullable(),
  imageRelativeDirectory: z.string(),
});
export type BusinessDetail = z.infer<typeof businessDetailSchema>;

/** POST /business/logo: where the portal loads the logo from. */
export const logoUploadResultSchema = z.object({ imageRelativeDirectory: z.string(), url: z.string() });

/** The employer logo limit (PNG only). */
export const LOGO_MAX_BYTES = 1024 * 1024;

/**
 * GET/PUT /candidate/status-emails: whether the candidate gets an e-mail when an employer moves one of
 * their applications (issue 12 item 14). On unless the candidate turned it off.
 */
export const statusEmailPreferenceSchema = z.object({ statusEmails: z.boolean() });
export type StatusEmailPreference = z.infer<typeof statusEmailPreferenceSchema>;

/** The signed token of a status e-mail's unsubscribe link (query string): no sign-in needed. */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(10).max(200) });
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;
