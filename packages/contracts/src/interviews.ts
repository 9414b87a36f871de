import { z } from 'zod';
import { isoDateSchema } from './common';

/**
 * Interviews (issue 28 items 2-5, docs/decisions/0430-0435): a team member's availability, the interview a
 * candidate books for their application, and the interviewer's calendar feed.
 */

/** Limits put in words (docs/decisions/0188). */
export const INTERVIEW_LIMITS = {
  slotMinutes: { min: 10, max: 480 },
  bufferMinutes: { min: 0, max: 240 },
  /** Weekly hours: at most this many ranges; exceptions: at most this many dates. */
  weeklyRanges: 50,
  exceptions: 200,
  /** Days off (single days or ranges): at most this many entries, each at most this many days long. */
  datesOff: 100,
  dateOffDays: 366,
  dateOffNameLength: 80,
  locationLength: 500,
  /** How far ahead the candidate is offered slots, in days. */
  daysAhead: 28,
  /** The earliest slot offered starts this many hours from now. */
  noticeHours: 12,
} as const;

const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time is HH:MM, 00:00 to 23:59.')
  .describe('A wall-clock time in the availability’s time zone, HH:MM');
const until = z.union([time, z.literal('24:00')]);
const inOrder = (r: { from: string; to: string }) => r.from < r.to;
const IN_ORDER = { message: 'A range ends after it starts.' };
const range = z.object({ from: time, to: until }).refine(inOrder, IN_ORDER);

/** Whether some of the ranges of one day overlap ('09:00-12:00' and '11:30-13:00' do; '12:00' ending one and starting the next does not). */
export function rangesOverlap(ranges: readonly { day?: number; from: string; to: string }[]): boolean {
  const sorted = [...ranges].sort((a, b) => (a.day ?? 0) - (b.day ?? 0) || a.from.localeCompare(b.from));
  return sorted.some((r, i) => i > 0 && sorted[i - 1]!.day === r.day && r.from < sorted[i - 1]!.to);
}
export const HOURS_OVERLAP = 'The hours of one day overlap: make them one range, or separate them.';

/** Whether a name is an IANA time zone this server knows. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A pasted video link: https only, one address without spaces or credentials. */
export function isVideoLink(value: string): boolean {
  if (!/^https:\/\/\S+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** How many calendar days a range of dates (YYYY-MM-DD) holds, both ends counted. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * A day off or a run of them (the business closed, a public holiday, leave): no slot is offered on these
 * dates in the interviewer's zone, whatever the weekly hours or an exception say (docs/decisions/0574).
 */
export const dateOffSchema = z
  .object({
    from: z.iso.date().describe('The first day off, YYYY-MM-DD, in the availability’s time zone'),
    to: z.iso.date().describe('The last day off (the same as from for a single day)'),
    name: z
      .string()
      .trim()
      .max(INTERVIEW_LIMITS.dateOffNameLength)
      .regex(/^[^\r\n]*$/, 'A name is one line.')
      .optional()
      .describe('What it is, for the interviewer: "Easter Monday", "Office closed"'),
  })
  .refine((d) => d.from <= d.to, { message: 'The last day off is on or after the first.', path: ['to'] })
  .refine((d) => daysInRange(d.from, d.to) <= INTERVIEW_LIMITS.dateOffDays, {
    message: `A run of days off is at most ${INTERVIEW_LIMITS.dateOffDays} days long.`,
    path: ['to'],
  });
export type DateOff = z.infer<typeof dateOffSchema>;

export const interviewLocationKinds = ['address', 'phone', 'video'] as const;
export type InterviewLocationKind = (typeof interviewLocationKinds)[number];

export const availabilitySchema = z
  .object({
    timeZone: z.string().max(64).refine(isTimeZone, { message: 'Give an IANA time zone, such as Europe/London.' }),
    slotMinutes: z.number().int().min(INTERVIEW_LIMITS.slotMinutes.min).max(INTERVIEW_LIMITS.slotMinutes.max),
    bufferMinutes: z.number().int().min(INTERVIEW_LIMITS.bufferMinutes.min).max(INTERVIEW_LIMITS.bufferMinutes.max),
    weekly: z
      .array(
        z
          .object({ day: z.number().int().min(1).max(7).describe('Monday 1 … Sunday 7'), from: time, to: until })
          .refine(inOrder, IN_ORDER),
      )
      .max(INTERVIEW_LIMITS.weeklyRanges)
      .refine((weekly) => !rangesOverlap(weekly), HOURS_OVERLAP),
    exceptions: z
      .array(
        z.object({
          date: z.iso.date(),
          ranges: z
            .array(range)
            .max(10)
            .refine((ranges) => !rangesOverlap(ranges), HOURS_OVERLAP)
            .describe('The hours of that date instead of the weekly ones; none: not available'),
        }),
      )
      .max(INTERVIEW_LIMITS.exceptions),
    datesOff: z
      .array(dateOffSchema)
      .max(INTERVIEW_LIMITS.datesOff)
      .optional()
      .describe('Days off and public holidays: no slot on them. Left out: none'),
    locationKind: z.enum(interviewLocationKinds),
    location: z.string().trim().min(1).max(INTERVIEW_LIMITS.locationLength),
  })
  .refine((a) => a.locationKind !== 'video' || isVideoLink(a.location), {
    message: 'A video link starts with https:// and has no spaces.',
    path: ['location'],
  })
  .refine((a) => a.locationKind === 'address' || !/[\r\n]/.test(a.location), {
    message: 'A phone number or a video link is one line.',
    path: ['location'],
  });
export type Availability = z.infer<typeof availabilitySchema>;

export const availabilityAnswerSchema = z.object({ availability: availabilitySchema.nullable() });
export type AvailabilityAnswer = z.infer<typeof availabilityAnswerSchema>;

export const interviewStatuses = ['invited', 'booked', 'cancelled'] as const;

export const interviewSlotSchema = z.object({ startsAt: isoDateSchema, endsAt: isoDateSchema });
export type InterviewSlot = z.infer<typeof interviewSlotSchema>;

/** An interview as both sides see it. */
export const interviewSchema = z.object({
  id: z.uuid(),
  applicationId: z.uuid(),
  status: z.enum(interviewStatuses),
  interviewerName: z.string(),
  /** The interviewer's time zone, shown beside the reader's own. */
  timeZone: z.string(),
  slotMinutes: z.number().int(),
  startsAt: isoDateSchema.nullable(),
  endsAt: isoDateSchema.nullable(),
  locationKind: z.enum(interviewLocationKinds),
  /** As the employer wrote it: plain text. */
  location: z.string(),
  cancelledBy: z.enum(['candidate', 'employer']).nullable(),
  /** The open slots, while the candidate may pick one (invited) or move it (booked); empty otherwise. */
  slots: z.array(interviewSlotSchema),
});
export type Interview = z.infer<typeof interviewSchema>;

export const interviewAnswerSchema = z.object({ interview: interviewSchema.nullable() });
export type InterviewAnswer = z.infer<typeof interviewAnswerSchema>;

/** GET /business/jobs/{id}/interviews: the open interviews of a job's applications, for the pipeline. */
export const jobInterviewsSchema = z.object({
  interviews: z.array(
    z.object({
      applicationId: z.uuid(),
      status: z.enum(['invited', 'booked']),
      startsAt: isoDateSchema.nullable(),
      timeZone: z.string(),
    }),
  ),
});
export type JobInterviews = z.infer<typeof jobInterviewsSchema>;

export const bookInterviewSchema = z.object({ startsAt: isoDateSchema });
export type BookInterview = z.infer<typeof bookInterviewSchema>;

/**
 * The candidate's booking also gives the zone their browser shows the times in: their e-mails use it. A name
 * this server does not know is ignored, not refused: a browser's zone must never stop a booking.
 */
export const bookOwnInterviewSchema = bookInterviewSchema.extend({
  timeZone: z
    .string()
    .max(64)
    .optional()
    .describe(
      'The IANA time zone the candidate reads the times in (their browser’s); the e-mails say times in it. One this server does not know is ignored.',
    ),
});
export type BookOwnInterview = z.infer<typeof bookOwnInterviewSchema>;

export const inviteToInterviewSchema = z.object({
  /** The team member who interviews; the caller when left out. They must have set their availability. */
  interviewerUserId: z.string().min(1).max(200).optional(),
});

export const interviewFeedSchema = z.object({
  /** The feed's address: shown once, when made (only its hash is kept). */
  url: z.string().nullable(),
  active: z.boolean(),
  createdOn: isoDateSchema.nullable(),
});
export type InterviewFeed = z.infer<typeof interviewFeedSchema>;
