import {
  candidateCreateSchema,
  candidateCreatedSchema,
  candidateDeleteSchema,
  candidateSchema,
  candidateUpdateSchema,
} from '@careers/contracts/candidate';
import { candidateDeletedSchema } from '@careers/contracts/candidate-api';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { bearerSecurity, currentUser, requireRole, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import { deleteOwnCandidate } from './candidate-deletion.service';
import { changeCandidate, createCandidate, getOwnCandidate } from './candidates.service';

const tags = ['Candidate'];

export async function candidateRoutes(app: App) {
  const candidateOnly = requireRole('Candidate');
  const db = () => app.deps.database.db;

  app.get(
    '/candidate',
    {
      preHandler: candidateOnly,
      schema: {
        tags,
        summary: "The caller's candidate profile (404 when none yet)",
        security: bearerSecurity,
        response: { 200: candidateSchema, ...problems },
      },
    },
    async (request) => getOwnCandidate(db(), currentUser(request)),
  );

  app.post(
    '/candidate',
    {
      preHandler: candidateOnly,
      schema: {
        tags,
        summary: 'Create the caller’s candidate profile (409 when it exists)',
        description:
          "The profile takes the signed-in account's e-mail address (the access token's); the body's email is accepted " +
          'for compatibility and ignored. The answer carries the address stored.',
        security: bearerSecurity,
        body: candidateCreateSchema,
        response: { 200: candidateCreatedSchema, ...problems, 409: problemDetailsSchema },
      },
    },
    async (request) => createCandidate(db(), currentUser(request), request.body),
  );

  app.put(
    '/candidate',
    {
      preHandler: candidateOnly,
      schema: {
        tags,
        summary: "Update the caller's candidate profile (another candidate's id answers 404)",
        security: bearerSecurity,
        body: candidateUpdateSchema,
        response: { 200: candidateSchema, ...problems },
      },
    },
    async (request) => changeCandidate(db(), currentUser(request), request.body),
  );

  app.delete(
    '/candidate',
    {
      preHandler: candidateOnly,
      schema: {
        tags,
        summary: "Delete the caller's candidate with all its CVs, applications, CV drops and contact messages",
        security: bearerSecurity,
        body: candidateDeleteSchema,
        response: { 200: candidateDeletedSchema, ...problems },
      },
    },
    async (request) =>
      deleteOwnCandidate(
        db(),
        app.deps.storage,
        request.log,
        currentUser(request),
        request.body.id,
        new Date(app.retention.now()),
      ),
  );
}
