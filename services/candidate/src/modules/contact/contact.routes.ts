import { z } from 'zod';
import { contactMessageSchema } from '@careers/contracts/candidate';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { bearerSecurity, currentUser, requireRole } from '@careers/server-kit/bearer-auth';
import { sendContactMessage } from './contact.service';

export async function contactRoutes(app: App) {
  app.post(
    '/api/contact/contact',
    {
      // Signed-in users only (the Contact page is behind login): keeps the form from being an open relay.
      preHandler: requireRole('Candidate', 'BusinessUser', 'BusinessUserReferrer'),
      schema: {
        tags: ['Contact'],
        summary: 'Send a message to the provider',
        description:
          'Always stored (kept for the operator, also without CONTACT_EMAIL), then forwarded by e-mail to CONTACT_EMAIL (when set) in the background, with retries. 200 with no body. ' +
          'At most 5 an hour per account (429 with Retry-After past that).',
        security: bearerSecurity,
        body: contactMessageSchema,
        response: {
          200: z.null().describe('No body'),
          400: problemDetailsSchema,
          401: problemDetailsSchema,
          429: problemDetailsSchema,
        },
      },
    },
    async (request, reply) => {
      await sendContactMessage(
        app.deps.database.db,
        {
          contactEmail: app.config.contactEmail,
          enqueueContactForward: (id) => app.deps.jobs.enqueueContactForward(id),
        },
        currentUser(request),
        request.body,
      );
      // product.md §7: 200 with nothing in the body (undefined skips serialization; the schema documents it).
      return reply.code(200).send(undefined as unknown as null);
    },
  );
}
