import { z } from 'zod';
import {
  availabilityAnswerSchema,
  availabilitySchema,
  bookInterviewSchema,
  bookOwnInterviewSchema,
  interviewAnswerSchema,
  interviewFeedSchema,
  inviteToInterviewSchema,
  jobInterviewsSchema,
} from '@careers/contracts/interviews';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { bearerSecurity, currentUser, requireRole, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import { EVERY_ROLE, currentMember, requireTeamRole } from '../team/team.hooks';
import { keepOwnTimeZone } from '../candidates/time-zone';
import {
  FEED_PATH,
  bookOwnInterview,
  cancelByBusiness,
  cancelOwnInterview,
  feedCalendar,
  interviewOfBusiness,
  interviewsOfJob,
  inviteToInterview,
  newFeed,
  ownAvailability,
  ownFeed,
  ownInterview,
  removeFeed,
  rescheduleByBusiness,
  setOwnAvailability,
} from './interviews.service';

const employerTags = ['Employer'];
const candidateTags = ['Candidate'];
const params = z.object({ id: z.uuid() });
const with409 = { ...problems, 409: problemDetailsSchema };

/** Interviews (issue 28 items 2-5, docs/decisions/0430-0435). */
export async function interviewRoutes(app: App) {
  // Every member interviews and keeps their own availability and feed; inviting, moving and cancelling are for
  // whoever may see the application (a hiring manager: their jobs only).
  const anyMember = requireTeamRole(...EVERY_ROLE);
  const candidateOnly = requireRole('Candidate');
  const db = () => app.deps.database.db;
  const now = () => new Date(app.deps.interviews.now());

  app.get(
    '/business/interviews/availability',
    {
      preHandler: anyMember,
      schema: {
        tags: employerTags,
        summary: 'When the caller can interview (null until they set it)',
        security: bearerSecurity,
        response: { 200: availabilityAnswerSchema, ...problems },
      },
    },
    async (request) => ownAvailability(db(), currentMember(request)),
  );

  app.put(
    '/business/interviews/availability',
    {
      preHandler: anyMember,
      schema: {
        tags: employerTags,
        summary:
          'Set when the caller can interview: weekly hours, exceptions by date, slot length, buffer, time zone, where',
        description:
          'Times are wall-clock times in timeZone (an IANA name), so they keep their hours across daylight-saving changes. ' +
          'An exception replaces the weekly hours of its date (no ranges: not available that day). A video link is https only. ' +
          'Interviews already booked keep their time; open invitations offer the new times.',
        security: bearerSecurity,
        body: availabilitySchema,
        response: { 200: availabilityAnswerSchema, ...problems },
      },
    },
    async (request) => setOwnAvailability(db(), currentMember(request), request.body, now()),
  );

  app.get(
    '/business/applications/:id/interview',
    {
      preHandler: anyMember,
      schema: {
        tags: employerTags,
        summary: 'The interview of an application (null when none), with the open slots it may move to',
        security: bearerSecurity,
        params,
        response: { 200: interviewAnswerSchema, ...problems },
      },
    },
    async (request) => interviewOfBusiness(db(), currentMember(request), request.params.id, now()),
  );

  app.post(
    '/business/applications/:id/interview',
    {
      preHandler: anyMember,
      schema: {
        tags: employerTags,
        summary:
          'Invite the candidate to choose an interview time; they get an e-mail with a link to their application',
        description:
          'The interviewer is the caller, or interviewerUserId (a member of the team); they must have set their availability (409 otherwise). ' +
          'An open interview of the application is answered as it is. Moving an application to "Schedule interview" invites as the mover when they have set their availability.',
        security: bearerSecurity,
        params,
        body: inviteToInterviewSchema,
        response: { 200: interviewAnswerSchema, ...with409 },
      },
    },
    async (request) =>
      inviteToInterview(db(), currentMember(request), request.params.id, request.body.interviewerUserId, now()),
  );

  app.put(
    '/business/applications/:id/interview/booking',
    {
      preHandler: anyMember,
      schema: {
        tags: employerTags,
        summary: 'Move the interview to another open slot (or book one for the candidate)',
        description:
          'Both sides get the updated calendar invitation (same UID, SEQUENCE raised). 409 when the slot is not open.',
        security: bearerSecurity,
        params,
        body: bookInterviewSchema,
        response: { 200: interviewAnswerSchema, ...with409 },
      },
    },
    async (request) =>
      rescheduleByBusiness(db(), currentMember(request), request.params.id, request.body.startsAt, now()),
  );

  app.delete(
    '/business/applications/:id/interview',
    {
      preHandler: anyMember,
      schema: {
        tags: employerTags,
        summary: 'Cancel the interview; a booked one is cancelled in both calendars (METHOD:CANCEL)',
        security: bearerSecurity,
        params,
        response: { 200: interviewAnswerSchema, ...problems },
      },
    },
    async (request) => cancelByBusiness(db(), currentMember(request), request.params.id, now()),
  );

  app.get(
    '/business/jobs/:id/interviews',
    {
      preHandler: anyMember,
      schema: {
        tags: employerTags,
        summary: 'The open interviews (invited or booked) of a job’s applications, for the pipeline',
        security: bearerSecurity,
        params,
        response: { 200: jobInterviewsSchema, ...problems },
      },
    },
    async (request) => interviewsOfJob(db(), currentMember(request), request.params.id),
  );

  app.get(
    '/business/interviews/feed',
    {
      preHandler: anyMember,
      schema: {
        tags: employerTags,
        summary: 'Whether the caller has a calendar feed address (the address itself is shown only when made)',
        security: bearerSecurity,
        response: { 200: interviewFeedSchema, ...problems },
      },
    },
    async (request) => ownFeed(db(), currentMember(request)),
  );

  app.post(
    '/business/interviews/feed',
    {
      preHandler: anyMember,
      schema: {
        tags: employerTags,
        summary: 'Make a new private calendar feed address of the caller’s interviews; the old one stops working',
        security: bearerSecurity,
        response: { 200: interviewFeedSchema, ...problems },
      },
    },
    async (request) => newFeed(db(), currentMember(request), app.config.publicUrl, now()),
  );

  app.delete(
    '/business/interviews/feed',
    {
      preHandler: anyMember,
      schema: {
        tags: employerTags,
        summary: 'Remove the caller’s calendar feed address: calendars subscribed to it get 404 from now on',
        security: bearerSecurity,
        response: { 200: interviewFeedSchema, ...problems },
      },
    },
    async (request) => removeFeed(db(), currentMember(request)),
  );

  app.get(
    '/job-applications/:id/interview',
    {
      preHandler: candidateOnly,
      schema: {
        tags: candidateTags,
        summary:
          'The interview of one of the caller’s applications (null when none), with the open slots to choose from',
        security: bearerSecurity,
        params,
        response: { 200: interviewAnswerSchema, ...problems },
      },
    },
    async (request) => ownInterview(db(), currentUser(request), request.params.id, now()),
  );

  app.put(
    '/job-applications/:id/interview/booking',
    {
      preHandler: candidateOnly,
      schema: {
        tags: candidateTags,
        summary: 'Book one of the open slots (or move the booking to another)',
        description:
          'Confirmed at once: both sides get an e-mail with the calendar invitation. 409 when the slot was just taken: ' +
          'read the interview again for the slots still open. A booked interview moves at most 3 times (409), and a ' +
          'candidate moves at most 5 interviews an hour (429 with Retry-After).',
        security: bearerSecurity,
        params,
        body: bookOwnInterviewSchema,
        response: { 200: interviewAnswerSchema, ...with409, 429: problemDetailsSchema },
      },
    },
    async (request) => {
      // Kept first, so that the booking's own e-mail, sent a moment later, already says its time in this zone.
      await keepOwnTimeZone(db(), currentUser(request), request.body.timeZone);
      return bookOwnInterview(db(), currentUser(request), request.params.id, request.body.startsAt, now());
    },
  );

  app.delete(
    '/job-applications/:id/interview',
    {
      preHandler: candidateOnly,
      schema: {
        tags: candidateTags,
        summary: 'Cancel the interview (or decline the invitation)',
        security: bearerSecurity,
        params,
        response: { 200: interviewAnswerSchema, ...problems },
      },
    },
    async (request) => cancelOwnInterview(db(), currentUser(request), request.params.id, now()),
  );

  app.get(
    `${FEED_PATH}/:file`,
    {
      schema: {
        tags: ['Interview feeds'],
        summary:
          'A team member’s private calendar feed (iCalendar), no sign-in: the address’s token is the authorization',
        description: '404 once the address was replaced or removed, or its member left the team.',
        params: z.object({ file: z.string().max(100) }),
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const body = await feedCalendar(
        db(),
        request.params.file,
        new URL(app.config.portalUrl).hostname,
        app.config.portalUrl,
        now(),
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(body);
    },
  );
}
