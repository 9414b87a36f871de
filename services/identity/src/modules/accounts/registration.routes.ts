import {
  loginRequestSchema,
  MIN_PASSWORD_LENGTH,
  registrationRequestSchema,
  registrationResultSchema,
  type RegistrationRequest,
  type RegistrationResult,
} from '@careers/contracts/identity';
import { problemDetailsSchema } from '@careers/contracts/errors';
import { Role } from '@careers/contracts/enums';
import type { App } from '@careers/server-kit/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashPassword } from '../../lib/crypto';
import { limitSending, tooManyRequests } from '../../plugins/limits';
import { orProblem } from '../../lib/schemas';
import { BOT_CHECK_FAILED, verifyBotToken } from '../bot-check/bot-check.service';
import { issueSession } from '../tokens/tokens.service';
import { isAddressHeldForUndo } from '../email-change/email-change.service';
import { insertUser } from '../users/users.repository';
import { EMAIL_IN_USE, accountContext, sendConfirmationLink } from './accounts.service';
import { attemptPasswordLogin, botCheckFlag, HASHING_BUSY } from './login-limits';

function failure(...errors: string[]): RegistrationResult {
  return { succeeded: false, errors, userId: null, accessToken: null, refreshToken: null };
}

const responses = {
  200: registrationResultSchema,
  400: orProblem(registrationResultSchema),
  429: problemDetailsSchema,
};

export async function registrationRoutes(app: App): Promise<void> {
  async function register(request: FastifyRequest<{ Body: RegistrationRequest }>, reply: FastifyReply, role: Role) {
    const body = request.body;
    if (!(await verifyBotToken(app.botCheckContext, body.token)))
      return reply.status(400).send(failure(BOT_CHECK_FAILED));
    // Candidates are passwordless: the built-in password the portal sends is never stored (design.md §3).
    const usesPassword = role !== Role.Candidate;
    if (usesPassword && body.password.length < MIN_PASSWORD_LENGTH) {
      return reply.status(400).send(failure(`Passwords must be at least ${MIN_PASSWORD_LENGTH} characters.`));
    }
    await limitSending(request);
    const hashed = usesPassword ? await app.hashGate.run(() => hashPassword(body.password)) : { value: null };
    if (!hashed) throw tooManyRequests(1, HASHING_BUSY);
    const passwordHash = hashed.value;
    const result = await app.deps.database.db.transaction().execute(async (trx) => {
      // An address an e-mail change left stays its owner's while the undo link lives (decision 0017).
      if (await isAddressHeldForUndo(trx, body.email, new Date(app.deps.now()))) return undefined;
      const user = await insertUser(trx, {
        email: body.email,
        name: body.name,
        phone: body.phone,
        roles: [role],
        passwordHash,
      });
      if (!user) return undefined;
      // A candidate gets a sign-in code next, which proves the address: the link waits, and goes only if no code did.
      const delayMs = role === Role.Candidate ? app.config.confirmationLinkDelayMs : 0;
      await sendConfirmationLink(trx, accountContext(app), user, { delayMs });
      const session = await issueSession(trx, app.tokenContext, user);
      return {
        succeeded: true,
        errors: [],
        userId: user.id,
        accessToken: session.accessToken,
        refreshToken: session.refreshToken,
      };
    });
    if (!result) return reply.status(400).send(failure(EMAIL_IN_USE));
    return result;
  }

  const routes = [
    ['/api/register/business-user', Role.BusinessUser, 'Register a business user (password at least 8 characters)'],
    ['/api/register/business-user-referrer', Role.BusinessUserReferrer, 'Register a business-user referrer'],
    [
      '/api/register/candidate-user',
      Role.Candidate,
      'Register a passwordless candidate (the built-in password is not stored)',
    ],
  ] as const;
  for (const [url, role, summary] of routes) {
    app.post(
      url,
      {
        schema: {
          tags: ['registration'],
          summary: `${summary}; needs a solved bot-check payload as token; e-mails a confirmation link`,
          body: registrationRequestSchema,
          response: responses,
        },
      },
      (request, reply) => register(request, reply, role),
    );
  }

  app.post(
    '/api/register/candidate-login',
    {
      schema: {
        tags: ['registration'],
        summary:
          'Password login answered in the registration shape (candidates without a password set through reset cannot use it)',
        body: loginRequestSchema,
        response: {
          200: registrationResultSchema,
          400: orProblem(registrationResultSchema),
          429: problemDetailsSchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await attemptPasswordLogin(request, request.body);
      if (!outcome.ok)
        return reply.status(400).send({ ...failure(outcome.message), ...botCheckFlag(outcome.botCheckRequired) });
      const user = outcome.user;
      const session = await app.deps.database.db
        .transaction()
        .execute((trx) => issueSession(trx, app.tokenContext, user));
      return {
        succeeded: true,
        errors: [],
        userId: user.id,
        accessToken: session.accessToken,
        refreshToken: session.refreshToken,
      };
    },
  );
}
