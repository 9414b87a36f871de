import { describe, expect, it } from 'vitest';
import { goneInterviewMail, interviewMail, type InterviewMailFacts } from '../src/modules/interviews/interviews.mail';

const PORTAL = 'https://careers.example.test';

const facts: InterviewMailFacts = {
  kind: 'booked',
  recipient: 'candidate',
  interviewId: '0c3f6a8e-2b1d-4c5e-9f7a-1d2e3f4a5b6c',
  applicationId: '6f1c1f7e-8a55-4a43-9a43-0d9d2f0c1b11',
  sequence: 0,
  // 09:00 in London (BST), 10:00 in Paris, 04:00 in New York.
  start: new Date('2027-03-29T08:00:00Z'),
  end: new Date('2027-03-29T08:45:00Z'),
  candidate: { name: 'Cara Jones', email: 'cara@example.test' },
  interviewer: { name: 'Olive Owner', email: 'olive@example.test' },
  jobTitle: 'Barista',
  businessName: 'Northwind',
  locationKind: 'video',
  location: 'https://meet.example.test/abc',
  timeZone: 'Europe/London',
  portalUrl: PORTAL,
  uidDomain: 'careers.example.test',
  now: new Date('2027-03-22T08:00:00Z'),
};

const openTimes = [
  { start: new Date('2027-03-23T09:00:00Z'), end: new Date('2027-03-23T09:45:00Z') },
  { start: new Date('2027-03-23T10:00:00Z'), end: new Date('2027-03-23T10:45:00Z') },
  { start: new Date('2027-03-23T11:00:00Z'), end: new Date('2027-03-23T11:45:00Z') },
  { start: new Date('2027-03-23T12:00:00Z'), end: new Date('2027-03-23T12:45:00Z') },
];

describe('the time in an interview e-mail, in its reader’s zone', () => {
  it("gives the candidate their own zone when it is known, with the interviewer's beside it", () => {
    const mail = interviewMail({ ...facts, candidateTimeZone: 'Europe/Paris' });
    expect(mail.text).toContain('When: Monday 29 March 2027, 10:00–10:45 (Europe/Paris)');
    expect(mail.text).toContain('The interviewer’s time: Monday 29 March 2027, 09:00–09:45 (Europe/London)');
  });

  it("gives the candidate whose zone is unknown the interviewer's zone, said to be the interviewer's", () => {
    for (const candidateTimeZone of [undefined, null, 'Not/AZone']) {
      const mail = interviewMail({ ...facts, candidateTimeZone });
      expect(mail.text).toContain(
        'When, in the interviewer’s time zone: Monday 29 March 2027, 09:00–09:45 (Europe/London)',
      );
      expect(mail.text).not.toContain('The interviewer’s time:');
    }
  });

  it("gives the interviewer their own zone, whatever the candidate's", () => {
    for (const kind of ['booked', 'rescheduled', 'cancelled', 'reminder'] as const) {
      const mail = interviewMail({
        ...facts,
        kind,
        recipient: 'interviewer',
        timeZone: 'America/New_York',
        candidateTimeZone: 'Europe/Paris',
      });
      expect(mail.to).toBe('olive@example.test');
      expect(mail.text).toContain('When: Monday 29 March 2027, 04:00–04:45 (America/New_York)');
      expect(mail.text).not.toContain('Europe/Paris');
    }
  });

  it("says the cancel of a deleted application's interview in the interviewer's zone", () => {
    const mail = goneInterviewMail({
      gone: {
        interviewId: facts.interviewId,
        interviewerName: 'Olive Owner',
        interviewerEmail: 'olive@example.test',
        jobTitle: 'Barista',
        businessName: 'Northwind',
        locationKind: 'address',
        location: 'Unit 4, Leeds',
        timeZone: 'Asia/Tokyo',
      },
      sequence: 1,
      start: facts.start!,
      end: facts.end!,
      portalUrl: PORTAL,
      uidDomain: facts.uidDomain,
      now: facts.now,
    });
    expect(mail.text).toContain('When: Monday 29 March 2027, 17:00–17:45 (Asia/Tokyo)');
    expect(mail.text).toContain('The interview for Barista at Northwind was cancelled');
  });
});

describe('the invitation to choose a time', () => {
  const invitation = { ...facts, kind: 'invitation' as const, start: null, end: null };

  it('lists the first three open times in the candidate’s zone, and links to choose', () => {
    const mail = interviewMail({ ...invitation, candidateTimeZone: 'Europe/Paris', openTimes });
    expect(mail.text).toContain(
      [
        'The first open times, in your time zone (Europe/Paris):',
        '',
        '    Tuesday 23 March 2027, 10:00–10:45 (Europe/Paris)',
        '    Tuesday 23 March 2027, 11:00–11:45 (Europe/Paris)',
        '    Tuesday 23 March 2027, 12:00–12:45 (Europe/Paris)',
        '',
        'Choose one of them, or another open time, on your application’s page: the time you choose is booked at once.',
      ].join('\n'),
    );
    expect(mail.text).not.toContain('13:00');
    expect(mail.text).toContain(`Choose a time: ${PORTAL}/applications/${facts.applicationId}`);
  });

  it("lists them in the interviewer's zone, said so, when the candidate's is unknown", () => {
    const mail = interviewMail({ ...invitation, openTimes });
    expect(mail.text).toContain(
      'The first open times, in the interviewer’s time zone (Europe/London); your application’s page shows them in yours:\n\n    Tuesday 23 March 2027, 09:00–09:45 (Europe/London)',
    );
  });

  it('promises no attachment: it has none, and a video link is on the portal', () => {
    const mail = interviewMail({ ...invitation, openTimes });
    expect(mail.attachments).toBeUndefined();
    expect(mail.text).not.toMatch(/attach/i);
    expect(mail.html).not.toMatch(/attach/i);
    expect(mail.text).toContain('Where: A video call: the link is on the portal');
    expect(mail.text).not.toContain('meet.example.test');
  });

  it('sends to the page when no time is open', () => {
    const mail = interviewMail({ ...invitation, openTimes: [] });
    expect(mail.text).toContain('Choose one of the open times on your application’s page');
    expect(mail.text).not.toContain('The first open times');
  });

  it('the reminder promises no attachment either; the booking has one and says so', () => {
    const reminder = interviewMail({ ...facts, kind: 'reminder' });
    expect(reminder.attachments).toBeUndefined();
    expect(reminder.text).not.toMatch(/attach/i);
    const booked = interviewMail(facts);
    expect(booked.attachments).toHaveLength(1);
    expect(booked.text).toContain('The calendar invitation is attached');
  });
});

describe('the employer’s words in an interview e-mail', () => {
  it('names the job and business plainly, and the business’s logo heads it', () => {
    const mail = interviewMail({ ...facts, logoUrl: 'https://blobs.example.test/businesses/x/logo.png' });
    expect(mail.text).toContain('Your interview for Barista at Northwind is booked.');
    expect(mail.text).not.toMatch(/as written by/);
    expect(mail.html).toContain(
      '<img src="https://blobs.example.test/businesses/x/logo.png" width="48" height="48" alt="Northwind"',
    );
  });

  it('writes the address plainly, and leaves out one a client could make a link of', () => {
    const address = interviewMail({ ...facts, locationKind: 'address', location: 'Unit 4, Northwind Park' });
    expect(address.text).toContain('Where: Unit 4, Northwind Park');
    const phone = interviewMail({ ...facts, locationKind: 'phone', location: '0113 496 0000' });
    expect(phone.text).toContain('Where: By phone, on 0113 496 0000');
    const link = interviewMail({ ...facts, locationKind: 'address', location: 'See www.evil.test' });
    expect(link.text).not.toContain('evil');
    expect(link.text).toContain('Where: (not shown in this email because it contains a web address');
  });
});
