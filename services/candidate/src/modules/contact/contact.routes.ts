import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { contactMessageSchema } from '@careers/contracts/candidate';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { productMetrics } from '@careers/server-kit/metrics';
import { bearerSecurity, currentUser, requireRole } from '../auth/auth.hooks';
import { QUOTAS, enforceWindowQuota } from '../quotas/quotas';
import { contactMessagesSince, insertContactMessage } from './contact.repository';
import { CONTACT_MAIL_KIND } from './contact.service';

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
      const user = currentUser(request);
      const db = app.deps.database.db;
      enforceWindowQuota(
        QUOTAS.contactMessages,
        await contactMessagesSince(db, user.userId, new Date(Date.now() - QUOTAS.contactMessages.windowMs)),
      );
      const id = randomUUID();
      await insertContactMessage(app.deps.database.db, { id, user_id: user.userId, ...request.body });
      if (app.config.contactEmail) {
        await app.deps.jobs.enqueueContactForward(id);
        productMetrics.emailsQueued().inc({ kind: CONTACT_MAIL_KIND });
      }
      // product.md §7: 200 with nothing in the body (undefined skips serialization; the schema documents it).
      return reply.code(200).send(undefined as unknown as null);
    },
  );
}
