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
import { HttpProblem } from '@careers/server-kit/problem';
import { bearerSecurity, currentUser, requireRole, authedProblems as problems } from '../auth/auth.hooks';
import { cvStorageKeys } from '../cvs/cvs.repository';
import { deleteContactMessagesOfUser } from '../contact/contact.repository';
import { deleteCandidate, findCandidateByUser } from './candidates.repository';
import { NO_CANDIDATE, changeCandidate, createCandidate, currentCandidate, toCandidate } from './candidates.service';

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
    async (request) => toCandidate(await currentCandidate(db(), currentUser(request))),
  );

  app.post(
    '/candidate',
    {
      preHandler: candidateOnly,
      schema: {
        tags,
        summary: 'Create the caller’s candidate profile (409 when it exists)',
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
    async (request) => {
      const user = currentUser(request);
      const keys = await db()
        .transaction()
        .execute(async (trx) => {
          const candidate = await findCandidateByUser(trx, user.userId);
          if (!candidate || candidate.id !== request.body.id) throw new HttpProblem(404, NO_CANDIDATE);
          const storageKeys = await cvStorageKeys(trx, candidate.id);
          // Rows of CVs, applications, their history and CV drops go with the candidate (on delete cascade).
          await deleteCandidate(trx, candidate.id);
          await deleteContactMessagesOfUser(trx, user.userId);
          return storageKeys;
        });
      // Files after the commit: a failed delete leaves an orphan file, never a row without its file.
      for (const key of keys) {
        await app.deps.storage
          .delete(key)
          .catch((err: unknown) => request.log.error({ err, key }, 'CV file left behind'));
      }
      return { id: request.body.id };
    },
  );
}
