import { z } from 'zod';
import { idSchema } from '@careers/contracts/common';
import { problemDetailsSchema } from '@careers/contracts/errors';
import {
  messageTemplateSchema,
  messageThreadSchema,
  saveMessageTemplateSchema,
  sendMessageSchema,
} from '@careers/contracts/messages';
import type { App } from '@careers/server-kit/http';
import { bearerSecurity, currentUser, requireRole, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import { EVERY_ROLE, currentMember, requireTeamRole } from '../team/team.hooks';
import {
  businessThread,
  createTemplate,
  deleteTemplate,
  listTemplates,
  markBusinessThreadRead,
  markOwnThreadRead,
  ownThread,
  replyAsCandidate,
  sendAsEmployer,
  updateTemplate,
} from './messages.service';

const params = z.object({ id: idSchema });
const limited = { 429: problemDetailsSchema };

/** Messages between employer and candidate (issue 28 item 1, docs/decisions/0420-0424). */
export async function messageRoutes(app: App) {
  const candidateOnly = requireRole('Candidate');
  // Every member with access to the application writes (a hiring manager: their jobs' applications only);
  // the templates are the owners' and recruiters' to keep, every member's to use.
  const anyMember = requireTeamRole(...EVERY_ROLE);
  const keepers = requireTeamRole('Owner', 'Recruiter');
  const db = () => app.deps.database.db;

  app.get(
    '/job-applications/:id/messages',
    {
      preHandler: candidateOnly,
      schema: {
        tags: ['Job applications'],
        summary: 'The messages of one of the caller’s applications, oldest first',
        description:
          "404 for an application that is not the caller's. Reading does not mark them read: PUT …/messages/read does.",
        security: bearerSecurity,
        params,
        response: { 200: messageThreadSchema, ...problems },
      },
    },
    async (request) => ownThread(db(), currentUser(request), request.params.id),
  );

  app.put(
    '/job-applications/:id/messages/read',
    {
      preHandler: candidateOnly,
      schema: {
        tags: ['Job applications'],
        summary: 'The caller has read the employer’s messages of one of their applications',
        security: bearerSecurity,
        params,
        response: { 200: messageThreadSchema, ...problems },
      },
    },
    async (request) => markOwnThreadRead(db(), currentUser(request), request.params.id),
  );

  app.post(
    '/job-applications/:id/messages',
    {
      preHandler: candidateOnly,
      schema: {
        tags: ['Job applications'],
        summary: 'Reply to the employer in one of the caller’s applications (plain text, at most 5,000 characters)',
        description:
          '409 before the employer has written and after a withdrawal; 429 with Retry-After past 10 messages an hour in one application.',
        security: bearerSecurity,
        params,
        body: sendMessageSchema,
        response: { 200: messageThreadSchema, ...problems, 409: problemDetailsSchema, ...limited },
      },
    },
    async (request) => replyAsCandidate(db(), currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/business/applications/:id/messages',
    {
      preHandler: anyMember,
      schema: {
        tags: ['Employer'],
        summary: 'The messages of one application to the business’s jobs, oldest first, each of the team’s signed',
        security: bearerSecurity,
        params,
        response: { 200: messageThreadSchema, ...problems },
      },
    },
    async (request) => businessThread(db(), currentMember(request), request.params.id),
  );

  app.put(
    '/business/applications/:id/messages/read',
    {
      preHandler: anyMember,
      schema: {
        tags: ['Employer'],
        summary: 'A member has read the candidate’s replies (read for the whole team)',
        security: bearerSecurity,
        params,
        response: { 200: messageThreadSchema, ...problems },
      },
    },
    async (request) => markBusinessThreadRead(db(), currentMember(request), request.params.id),
  );

  app.post(
    '/business/applications/:id/messages',
    {
      preHandler: anyMember,
      schema: {
        tags: ['Employer'],
        summary:
          'Write to the candidate of an application (plain text; {candidateName}, {jobTitle}, {businessName} filled in)',
        description:
          'The candidate gets an e-mail that a message is waiting when the thread had nothing unread (unless status e-mails are off). ' +
          '409 after a withdrawal; 429 with Retry-After past 20 messages an hour in one application or 300 for the business.',
        security: bearerSecurity,
        params,
        body: sendMessageSchema,
        response: { 200: messageThreadSchema, ...problems, 409: problemDetailsSchema, ...limited },
      },
    },
    async (request) => sendAsEmployer(db(), currentMember(request), request.params.id, request.body),
  );

  app.get(
    '/business/message-templates',
    {
      preHandler: anyMember,
      schema: {
        tags: ['Employer'],
        summary: 'The business’s message templates, by name',
        security: bearerSecurity,
        response: { 200: z.array(messageTemplateSchema), ...problems },
      },
    },
    async (request) => listTemplates(db(), currentMember(request)),
  );

  app.post(
    '/business/message-templates',
    {
      preHandler: keepers,
      schema: {
        tags: ['Employer'],
        summary: 'Add a message template (owners and recruiters; at most 50, names unique)',
        security: bearerSecurity,
        body: saveMessageTemplateSchema,
        response: { 200: messageTemplateSchema, ...problems, 409: problemDetailsSchema },
      },
    },
    async (request) => createTemplate(db(), currentMember(request), request.body),
  );

  app.put(
    '/business/message-templates/:id',
    {
      preHandler: keepers,
      schema: {
        tags: ['Employer'],
        summary: 'Change a message template (owners and recruiters)',
        security: bearerSecurity,
        params,
        body: saveMessageTemplateSchema,
        response: { 200: messageTemplateSchema, ...problems, 409: problemDetailsSchema },
      },
    },
    async (request) => updateTemplate(db(), currentMember(request), request.params.id, request.body),
  );

  app.delete(
    '/business/message-templates/:id',
    {
      preHandler: keepers,
      schema: {
        tags: ['Employer'],
        summary: 'Delete a message template (owners and recruiters); messages written from it stay',
        security: bearerSecurity,
        params,
        response: { 200: z.object({ id: idSchema }), ...problems },
      },
    },
    async (request) => deleteTemplate(db(), currentMember(request), request.params.id),
  );
}
