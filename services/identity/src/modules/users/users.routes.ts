import { CODE_LIFETIME_TEXT } from '@careers/contracts/limits';
import {
  deleteUserRequestSchema,
  emailPathSchema,
  userIdQuerySchema,
  userProfileSchema,
  unprovenEmailChangeRequestSchema,
  unprovenEmailChangeResultSchema,
  userUpdateRequestSchema,
} from '@careers/contracts/identity';
import { insertAccountEvent } from '../account-events/account-events.repository';
import { identityResultSchema, problemDetailsSchema } from '@careers/contracts/errors';
import { HttpProblem } from '@careers/server-kit/problem';
import type { App } from '@careers/server-kit/http';
import { emptyBody, orProblem, sendEmpty } from '../../lib/schemas';
import { normalizeEmail } from '../../lib/email';
import { authenticate, bearerSecurity } from '../../plugins/authenticate';
import { limitCodeSendsPerClient, limitLookup, limitSending } from '../../plugins/limits';
import { Role } from '@careers/contracts/enums';
import { createAccessToken } from '../tokens/tokens.service';
import { accountContext, EMAIL_IN_USE } from '../accounts/accounts.service';
import { isAddressHeldForUndo } from '../email-change/email-change.service';
import { moveToCorrectedAddress } from './unproven-email.service';
import { deleteCodesOfUser } from '../codes/codes.repository';
import { INVALID_CODE } from '../codes/codes.service';
import { DELETION_CODE_REQUIRED, startAccountDeletion, verifyDeletionCode } from './account-deletion.service';
import { deleteUser, findUserByEmail, findUserById, updateUserProfile } from './users.repository';
import { ACCOUNT_GONE, NOT_FOUND_PROFILE, toProfile } from './users.service';

export const ADDRESS_ALREADY_PROVED =
  'Your e-mail address is already confirmed. You can change it on your account page.';
export const ONLY_NEW_CANDIDATES = 'Only a new candidate account can change its address this way.';
const auth = { 401: problemDetailsSchema };

export async function userRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;

  app.get(
    '/api/user',
    {
      schema: {
        tags: ['user'],
        summary: "The caller's profile (notFound when the account was deleted)",
        security: bearerSecurity,
        response: { 200: userProfileSchema, ...auth },
      },
    },
    async (request) => {
      const claims = await authenticate(request);
      const user = await findUserById(db(), claims.sub);
      return user ? toProfile(user) : NOT_FOUND_PROFILE;
    },
  );

  app.put(
    '/api/user',
    {
      schema: {
        tags: ['user'],
        summary: "Update the caller's name and phone",
        security: bearerSecurity,
        body: userUpdateRequestSchema,
        response: { 200: identityResultSchema, 400: orProblem(identityResultSchema), ...auth },
      },
    },
    async (request, reply) => {
      const claims = await authenticate(request);
      const updated = await updateUserProfile(db(), claims.sub, request.body, new Date(app.deps.now()));
      if (!updated) return reply.status(400).send({ succeeded: false, errors: [ACCOUNT_GONE] });
      return { succeeded: true, errors: [] };
    },
  );

  app.put(
    '/api/user/delete-initialise',
    {
      schema: {
        tags: ['user'],
        summary: `E-mail a fresh code to the caller's address; DELETE /api/user needs it (${CODE_LIFETIME_TEXT}, single use)`,
        security: bearerSecurity,
        response: {
          200: identityResultSchema,
          400: orProblem(identityResultSchema),
          429: problemDetailsSchema,
          ...auth,
        },
      },
    },
    async (request, reply) => {
      const claims = await authenticate(request);
      await limitSending(request);
      const user = await findUserById(db(), claims.sub);
      if (!user) return reply.status(400).send({ succeeded: false, errors: [ACCOUNT_GONE] });
      await db()
        .transaction()
        .execute((trx) => startAccountDeletion(trx, app.codeContext, user));
      return { succeeded: true, errors: [] };
    },
  );

  app.delete(
    '/api/user',
    {
      schema: {
        tags: ['user'],
        summary:
          "Delete the caller's own account (userId must be the caller's id: any other id answers 404) with the code from PUT /api/user/delete-initialise in the body, and end its sessions",
        security: bearerSecurity,
        querystring: userIdQuerySchema,
        // Optional so that SPEC's bodiless call is answered with the identity result shape, not a validation problem.
        body: deleteUserRequestSchema.partial().nullish(),
        response: {
          200: identityResultSchema,
          400: orProblem(identityResultSchema),
          404: problemDetailsSchema,
          ...auth,
        },
      },
    },
    async (request, reply) => {
      const claims = await authenticate(request);
      // Another user's id is answered as if it did not exist: no one learns which ids are real.
      if (request.query.userId !== claims.sub) throw new HttpProblem(404, 'There is no such account.');
      const code = request.body?.code;
      if (!code) return reply.status(400).send({ succeeded: false, errors: [DELETION_CODE_REQUIRED] });
      // A wrong code must be counted, so the transaction commits on failure too: no throwing inside.
      const outcome = await db()
        .transaction()
        .execute(async (trx) => {
          const user = await findUserById(trx, claims.sub);
          if (!user) return ACCOUNT_GONE;
          if (!(await verifyDeletionCode(trx, app.codeContext, user, code))) return INVALID_CODE;
          await deleteCodesOfUser(trx, normalizeEmail(user.email));
          // The candidate service learns of it from this notice, committed with the deletion or not at all.
          await insertAccountEvent(trx, user.id, 'account_deleted', new Date(app.deps.now()));
          // Refresh tokens, links and e-mail change requests go with the row (on delete cascade).
          return (await deleteUser(trx, user.id)) ? undefined : ACCOUNT_GONE;
        });
      if (outcome) return reply.status(400).send({ succeeded: false, errors: [outcome] });
      return { succeeded: true, errors: [] };
    },
  );

  app.get(
    '/api/user/email-exists/:email',
    {
      schema: {
        tags: ['user'],
        summary: 'Whether an account uses this e-mail address: 200 no body, or 404 (rate limited)',
        params: emailPathSchema,
        response: { 200: emptyBody, 400: problemDetailsSchema, 404: problemDetailsSchema, 429: problemDetailsSchema },
      },
    },
    async (request, reply) => {
      await limitLookup(request, request.params.email);
      if (!(await findUserByEmail(db(), request.params.email)))
        throw new HttpProblem(404, 'There is no account with this e-mail address.');
      return sendEmpty(reply);
    },
  );

  app.get(
    '/api/user/userid-by-email/:email',
    {
      schema: {
        tags: ['user'],
        summary:
          'The account id and roles for an e-mail address (signed-in callers only; name and phone are not disclosed)',
        security: bearerSecurity,
        params: emailPathSchema,
        response: {
          200: userProfileSchema,
          400: problemDetailsSchema,
          404: problemDetailsSchema,
          429: problemDetailsSchema,
          ...auth,
        },
      },
    },
    async (request) => {
      const claims = await authenticate(request);
      await limitLookup(request, request.params.email);
      const user = await findUserByEmail(db(), request.params.email);
      if (!user) throw new HttpProblem(404, 'There is no account with this e-mail address.');
      // The caller sees their own profile in full; anyone else's only as id, address and roles.
      if (user.id === claims.sub) return toProfile(user);
      return { id: user.id, name: null, email: user.email, phone: null, roles: user.roles, notFound: false };
    },
  );

  app.put(
    '/api/user/unproven-email',
    {
      schema: {
        tags: ['user'],
        summary:
          "Move the caller's new candidate account to a corrected address while its address was never proved (no code entered, no link followed); a new sign-in code goes there and the old one dies; answers an access token carrying the new address (the refresh token stays)",
        security: bearerSecurity,
        body: unprovenEmailChangeRequestSchema,
        response: {
          200: unprovenEmailChangeResultSchema,
          400: orProblem(unprovenEmailChangeResultSchema),
          403: problemDetailsSchema,
          429: problemDetailsSchema,
          ...auth,
        },
      },
    },
    async (request, reply) => {
      const claims = await authenticate(request);
      await limitSending(request);
      const newEmail = request.body.email;
      const fail = (error: string) =>
        reply.status(400).send({ succeeded: false, errors: [error], email: null, accessToken: null });
      const user = await findUserById(db(), claims.sub);
      if (!user) return fail(ACCOUNT_GONE);
      if (!user.roles.includes(Role.Candidate)) throw new HttpProblem(403, ONLY_NEW_CANDIDATES);
      if (user.emailConfirmedAt) return fail(ADDRESS_ALREADY_PROVED);
      if (normalizeEmail(user.email) === normalizeEmail(newEmail)) return fail('This is already your e-mail address.');
      // What sign-up answers for a taken address, no more (decision 0165).
      if (
        (await findUserByEmail(db(), newEmail)) ||
        (await isAddressHeldForUndo(db(), newEmail, new Date(app.deps.now()), user.id))
      )
        return fail(EMAIL_IN_USE);
      await limitCodeSendsPerClient(request, newEmail);
      const ctx = { ...accountContext(app), confirmationLinkDelayMs: app.config.confirmationLinkDelayMs };
      let moved;
      try {
        moved = await db()
          .transaction()
          .execute((trx) => moveToCorrectedAddress(trx, ctx, user, newEmail));
      } catch (err) {
        // Two accounts racing for the address: the unique index lets one win.
        if ((err as { code?: string }).code === '23505') return fail(EMAIL_IN_USE);
        throw err;
      }
      if (!moved) {
        const now = await findUserById(db(), user.id);
        return fail(!now ? ACCOUNT_GONE : now.emailConfirmedAt ? ADDRESS_ALREADY_PROVED : EMAIL_IN_USE);
      }
      return {
        succeeded: true,
        errors: [],
        email: moved.email,
        accessToken: await createAccessToken(app.tokenContext, moved, claims.sid),
      };
    },
  );
}
