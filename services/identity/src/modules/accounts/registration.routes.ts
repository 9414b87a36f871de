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
import { limitSending } from '../../plugins/limits';
import { orProblem } from '../../lib/schemas';
import { BOT_CHECK_FAILED, verifyBotToken } from '@careers/server-kit/bot-check';
import { EMAIL_IN_USE, accountContext } from './accounts.service';
import { botCheckFlag, logInWithPassword } from './login-limits';
import { registerAccount } from './registration.service';

function failure(...errors: string[]): RegistrationResult {
  return { succeeded: false, errors, userId: null, accessToken: null, refreshToken: null };
}

const responses = {
  200: registrationResultSchema,
  400: orProblem(registrationResultSchema),
  429: problemDetailsSchema,
};

export async function registrationRoutes(app: App): Promise<void> {
  const registrationContext = () => ({
    ...accountContext(app),
    tokens: app.tokenContext,
    hashGate: app.hashGate,
    confirmationLinkDelayMs: app.config.confirmationLinkDelayMs,
  });
  async function register(request: FastifyRequest<{ Body: RegistrationRequest }>, reply: FastifyReply, role: Role) {
    const body = request.body;
    if (!(await verifyBotToken(app.botCheckContext, body.token)))
      return reply.status(400).send(failure(BOT_CHECK_FAILED));
    // Candidates are passwordless: the built-in password the portal sends is never stored (design.md §3).
    if (role !== Role.Candidate && body.password.length < MIN_PASSWORD_LENGTH) {
      return reply.status(400).send(failure(`Passwords must be at least ${MIN_PASSWORD_LENGTH} characters.`));
    }
    await limitSending(request);
    const registered = await registerAccount(app.deps.database.db, registrationContext(), body, role);
    if (!registered) return reply.status(400).send(failure(EMAIL_IN_USE));
    const { userId, session } = registered;
    return {
      succeeded: true,
      errors: [],
      userId,
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
    };
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
          'Password login answered in the registration shape (candidates without a password set through reset cannot use it); the same limits as /api/account/login, 428 when a solved bot check is needed',
        body: loginRequestSchema,
        response: {
          200: registrationResultSchema,
          400: orProblem(registrationResultSchema),
          428: problemDetailsSchema,
          429: problemDetailsSchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await logInWithPassword(request, request.body);
      if (!outcome.ok)
        return reply.status(400).send({ ...failure(outcome.message), ...botCheckFlag(outcome.botCheckRequired) });
      const { user, session } = outcome;
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
