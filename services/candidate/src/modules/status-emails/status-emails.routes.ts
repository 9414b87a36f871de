import { z } from 'zod';
import { statusEmailPreferenceSchema, unsubscribeQuerySchema } from '@careers/contracts/candidate-api';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { HttpProblem } from '@careers/server-kit/problem';
import { bearerSecurity, currentUser, requireRole, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import {
  UNSUBSCRIBE_API,
  UNSUBSCRIBE_PAGE,
  ownStatusEmails,
  setOwnStatusEmails,
  unsubscribeFromStatusEmails,
  verifyUnsubscribeToken,
} from './status-emails.service';

export const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid. Turn status e-mails off on your account page instead.';

/** Status e-mails (docs/decisions/0145): the candidate's switch, and the unsubscribe link that needs no sign-in. */
export async function statusEmailRoutes(app: App) {
  const candidateOnly = requireRole('Candidate');
  const db = () => app.deps.database.db;

  // RFC 8058: mail clients POST "List-Unsubscribe=One-Click" as a form (urlencoded or multipart, which
  // @fastify/multipart already accepts). The body says nothing the token does not; it is read and ignored.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/candidate/status-emails',
    {
      preHandler: candidateOnly,
      schema: {
        tags: ['Candidate'],
        summary: 'Whether the caller gets an e-mail when an employer moves one of their applications',
        security: bearerSecurity,
        response: { 200: statusEmailPreferenceSchema, ...problems },
      },
    },
    async (request) => ownStatusEmails(db(), currentUser(request)),
  );

  app.put(
    '/candidate/status-emails',
    {
      preHandler: candidateOnly,
      schema: {
        tags: ['Candidate'],
        summary: 'Turn status e-mails on or off',
        description:
          'Off also drops the status e-mails still waiting to be sent (one being sent at that moment may still arrive).',
        security: bearerSecurity,
        body: statusEmailPreferenceSchema,
        response: { 200: statusEmailPreferenceSchema, ...problems },
      },
    },
    async (request) => setOwnStatusEmails(db(), currentUser(request), request.body.statusEmails),
  );

  app.post(
    UNSUBSCRIBE_API,
    {
      schema: {
        tags: ['Status e-mails'],
        summary: 'One-click unsubscribe from status e-mails (RFC 8058), no sign-in',
        description:
          "The address of every status e-mail's List-Unsubscribe header (with List-Unsubscribe-Post: List-Unsubscribe=One-Click), " +
          "and what the portal's /unsubscribe page calls. The token is the link's signed token; any body is ignored. " +
          'Idempotent: 200 { statusEmails: false } each time (also when the account is gone); 400 for a token this service did not sign.',
        querystring: unsubscribeQuerySchema,
        response: { 200: statusEmailPreferenceSchema, 400: problemDetailsSchema },
      },
    },
    async (request) => {
      // The signed token is the authorization: it names the one candidate whose e-mails it may turn off.
      const candidateId = verifyUnsubscribeToken(app.deps.statusMail.secret, request.query.token);
      if (!candidateId) throw new HttpProblem(400, INVALID_UNSUBSCRIBE_LINK);
      const result = await unsubscribeFromStatusEmails(db(), candidateId);
      request.log.info({ candidateId }, 'status e-mails turned off by unsubscribe link');
      return result;
    },
  );

  app.get(
    UNSUBSCRIBE_API,
    {
      schema: {
        tags: ['Status e-mails'],
        summary: "Opens the portal's unsubscribe page (a GET changes nothing: link checkers follow links)",
        querystring: unsubscribeQuerySchema,
        response: { 303: z.null().describe('To the portal page /unsubscribe?token=…'), 400: problemDetailsSchema },
      },
    },
    async (request, reply) =>
      reply.redirect(
        `${app.config.portalUrl}${UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(request.query.token)}`,
        303,
      ),
  );
}
