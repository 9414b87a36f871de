/**
 * iCalendar (RFC 5545) of an interview (docs/decisions/0434): the invitation (METHOD:REQUEST), its cancel
 * (METHOD:CANCEL) and a member's feed (METHOD:PUBLISH). Times are UTC (…Z), so no VTIMEZONE is needed; the
 * UID is the interview's and stays through reschedules, whose SEQUENCE rises. Lines end in CRLF and are
 * folded at 75 octets; text values are escaped.
 */

export interface CalendarEvent {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  /** When this version of the event was made (DTSTAMP). */
  stamp: Date;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  /** The candidate; absent from the cancel of an interview whose application was deleted (docs/decisions/0436). */
  attendee?: { name: string; email: string };
  cancelled?: boolean;
}

const PRODID = '-//Careers Portal//Interviews//EN';

/** Without control characters (a line break is escaped before this runs). */
const withoutControls = (value: string) =>
  [...value]
    .filter((c) => {
      const code = c.codePointAt(0)!;
      return code >= 0x20 && code !== 0x7f;
    })
    .join('');

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return withoutControls(
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      .replace(/\t/g, ' '),
  );
}

/** A parameter value (CN): quoted, without the characters a quoted parameter may not hold. */
function paramValue(value: string): string {
  return `"${withoutControls(value.replace(/"/g, '')).slice(0, 200)}"`;
}

/** Folds a content line at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character. */
export function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** 20270328T080000Z */
export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function eventLines(event: CalendarEvent, method: 'REQUEST' | 'CANCEL' | 'PUBLISH'): string[] {
  const cancelled = method === 'CANCEL' || event.cancelled === true;
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    `ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`,
    ...(event.attendee
      ? [
          `ATTENDEE;CN=${paramValue(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${
            cancelled ? 'DECLINED' : 'ACCEPTED'
          };RSVP=FALSE:mailto:${event.attendee.email}`,
        ]
      : []),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

function calendar(method: 'REQUEST' | 'CANCEL' | 'PUBLISH', body: string[], name?: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...(name ? [`X-WR-CALNAME:${escapeText(name)}`] : []),
    ...body,
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** The invitation sent at booking and at each reschedule (METHOD:REQUEST), or its cancel (METHOD:CANCEL). */
export function invitationIcs(event: CalendarEvent): string {
  const method = event.cancelled ? 'CANCEL' : 'REQUEST';
  return calendar(method, eventLines(event, method));
}

/** A member's subscription: every interview of theirs, booked or cancelled (METHOD:PUBLISH). */
export function feedIcs(name: string, events: CalendarEvent[]): string {
  return calendar(
    'PUBLISH',
    events.flatMap((e) => eventLines(e, 'PUBLISH')),
    name,
  );
}
