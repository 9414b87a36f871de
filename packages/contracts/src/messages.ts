import { z } from 'zod';
import { idSchema, isoDateSchema } from './common';

/**
 * Messages between employer and candidate (issue 28 item 1, docs/decisions/0420-0424): one thread per
 * application, plain text.
 */

/** The longest message (and template), in characters. */
export const MESSAGE_MAX = 5000;
/** The longest template name. */
export const TEMPLATE_NAME_MAX = 100;
/** Templates one business may keep. */
export const TEMPLATES_PER_BUSINESS = 50;
/** The fields a template (or any employer message) may hold, filled in when it is sent. */
export const MESSAGE_FIELDS = ['{candidateName}', '{jobTitle}', '{businessName}'] as const;

// Control characters other than line breaks and tabs have no place in a plain-text message.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A message's text: trimmed, 1 to MESSAGE_MAX characters, no control characters. */
export const messageBodySchema = z
  .string()
  .trim()
  .min(1, 'Write a message first.')
  .max(MESSAGE_MAX, `A message can be at most ${MESSAGE_MAX.toLocaleString('en-GB')} characters long.`)
  .refine((text) => !CONTROL.test(text), 'A message cannot contain control characters.');

/** POST /job-applications/{id}/messages (the candidate's reply) and POST /business/applications/{id}/messages. */
export const sendMessageSchema = z.object({
  body: messageBodySchema,
  /** The template it was written from, when one was used (the employer only). */
  templateId: idSchema.nullish(),
});
export type SendMessage = z.infer<typeof sendMessageSchema>;

export const messageSenderSchema = z.enum(['employer', 'candidate']);

/** One message of a thread. authorName: the team member who wrote it, shown to the business only. */
export const messageSchema = z.object({
  id: idSchema,
  from: messageSenderSchema,
  authorName: z.string().nullable().optional(),
  body: z.string(),
  sentOn: isoDateSchema,
  /** When the other side read it; null: not yet. */
  readOn: isoDateSchema.nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** GET /job-applications/{id}/messages and GET /business/applications/{id}/messages: the thread, oldest first. */
export const messageThreadSchema = z.object({
  messages: z.array(messageSchema),
  /** Messages from the other side the caller has not read yet. */
  unread: z.number().int(),
  /** Whether the caller may write now (the candidate replies once the employer has written; no one after a withdrawal). */
  canWrite: z.boolean(),
});
export type MessageThread = z.infer<typeof messageThreadSchema>;

/** A business's message template. */
export const messageTemplateSchema = z.object({
  id: idSchema,
  name: z.string(),
  body: z.string(),
  updatedOn: isoDateSchema,
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

export const saveMessageTemplateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the template a name.')
    .max(TEMPLATE_NAME_MAX, `A template name can be at most ${TEMPLATE_NAME_MAX} characters long.`),
  body: messageBodySchema,
});
export type SaveMessageTemplate = z.infer<typeof saveMessageTemplateSchema>;

/** Fills a template's (or message's) fields: each field's every occurrence; unknown braces stay as written. */
export function fillMessageFields(
  text: string,
  values: { candidateName: string; jobTitle: string; businessName: string },
): string {
  return text
    .replaceAll('{candidateName}', () => values.candidateName)
    .replaceAll('{jobTitle}', () => values.jobTitle)
    .replaceAll('{businessName}', () => values.businessName);
}
