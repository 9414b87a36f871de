import { z } from 'zod';
import { idSchema } from '@careers/contracts/common';
import { problemDetailsSchema } from '@careers/contracts/errors';
import { botCheckChallengeSchema } from '@careers/contracts/identity';
import {
  JOB_ALERT_TEXTS,
  jobAlertLinkResultSchema,
  jobAlertListSchema,
  jobAlertSignupResultSchema,
  jobAlertSignupSchema,
  jobAlertTokenQuerySchema,
} from '@careers/contracts/job-alerts';
import { bearerSecurity, currentUser, requireRole, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import {
  BOT_CHECK_FAILED,
  createBotChallenge,
  verifyBotToken,
  type BotCheckContext,
} from '@careers/server-kit/bot-check';
import type { App } from '@careers/server-kit/http';
import { HttpProblem } from '@careers/server-kit/problem';
import { clientKey } from '@careers/server-kit/rate-limit';
import {
  ALERT_UNSUBSCRIBE_API,
  ALERT_UNSUBSCRIBE_PAGE,
  alertsOfAddress,
  confirmAlert,
  deleteAlertOfAddress,
  signUpForAlert,
  unsubscribeAlert,
} from './job-alerts.service';

const tags = ['Job alerts'];

/**
 * Job alerts (docs/decisions/0380): the public sign-up (a solved bot check, limits per address and per
 * client, a cap across the install, 0493), the confirm and unsubscribe links (signed tokens, no sign-in), and the signed-in candidate's
 * own alerts (those of the account's address).
 */
export async function jobAlertRoutes(app: App) {
  const db = () => app.deps.database.db;
  const secret = () => app.deps.statusMail.secret;
  const settings = () => app.config.jobAlerts;
  const now = () => new Date(app.deps.jobAlerts.now());
  const botCheck: BotCheckContext = {
    secret: app.deps.botCheckSecret,
    maxNumber: app.config.botCheck.maxNumber,
    expiresSeconds: app.config.botCheck.expiresSeconds,
    action: 'job-alert',
    store: app.deps.store,
    now: Date.now,
  };

  // RFC 8058: mail clients POST "List-Unsubscribe=One-Click" as a form; the token is all that counts.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/job-alerts/challenge',
    {
      schema: {
        tags,
        summary: 'An ALTCHA proof-of-work challenge for POST /job-alerts (10 minutes, usable once)',
        response: { 200: botCheckChallengeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return createBotChallenge(botCheck);
    },
  );

  app.post(
    '/job-alerts',
    {
      schema: {
        tags,
        summary: "Ask for a job alert: a business's new jobs, or a saved /jobs search",
        description:
          'Sends the confirmation e-mail (double opt-in); nothing else is sent until its link is opened, and an ' +
          'unconfirmed alert is forgotten after JOB_ALERT_CONFIRM_HOURS. The answer is the same whether or not the ' +
          'address already had the alert. 400 without a valid unused bot-check token; 429 with Retry-After past the ' +
          'limits per address and per client, and past the hourly cap on confirmation e-mails of the whole install ' +
          '(JOB_ALERT_CONFIRMATIONS_PER_HOUR; no alert is kept then). The e-mail quotes no word of the request.',
        body: jobAlertSignupSchema,
        response: {
          202: jobAlertSignupResultSchema,
          400: problemDetailsSchema,
          404: problemDetailsSchema,
          429: problemDetailsSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const limits = settings();
      const client = clientKey(request.ip, app.config.ipv6ClientPrefix);
      const byClient = await app.deps.store.hit(`job-alert:client:${client}`, limits.perClient, limits.windowSeconds);
      if (!byClient.allowed)
        throw new HttpProblem(429, JOB_ALERT_TEXTS.tooManyForClient, {
          headers: { 'Retry-After': String(byClient.retryAfterSeconds) },
        });
      if (!(await verifyBotToken(botCheck, request.body.token))) throw new HttpProblem(400, BOT_CHECK_FAILED);
      const address = request.body.email.trim().toLowerCase();
      const byAddress = await app.deps.store.hit(
        `job-alert:address:${address}`,
        limits.perAddress,
        limits.windowSeconds,
      );
      if (!byAddress.allowed)
        throw new HttpProblem(429, JOB_ALERT_TEXTS.tooManyForAddress, {
          headers: { 'Retry-After': String(byAddress.retryAfterSeconds) },
        });
      await signUpForAlert(db(), request.body, now(), limits);
      return reply.code(202).send({ status: 'confirmation-sent' as const });
    },
  );

  app.post(
    '/job-alerts/confirm',
    {
      schema: {
        tags,
        summary: "The confirmation e-mail's link, sent by the portal's one-press page",
        querystring: jobAlertTokenQuerySchema,
        response: { 200: jobAlertLinkResultSchema, 400: problemDetailsSchema },
      },
    },
    async (request) => confirmAlert(db(), secret(), request.query.token, now(), settings()),
  );

  app.post(
    ALERT_UNSUBSCRIBE_API,
    {
      schema: {
        tags,
        summary: 'One-click unsubscribe from a job alert (RFC 8058), no sign-in',
        description:
          "The address of every alert e-mail's List-Unsubscribe header (with List-Unsubscribe-Post), and what the " +
          "portal's page calls. Any body is ignored. Idempotent; 400 for a token this service did not sign.",
        querystring: jobAlertTokenQuerySchema,
        response: { 200: jobAlertLinkResultSchema, 400: problemDetailsSchema },
      },
    },
    async (request) => unsubscribeAlert(db(), secret(), request.query.token),
  );

  app.get(
    ALERT_UNSUBSCRIBE_API,
    {
      schema: {
        tags,
        summary: "Opens the portal's unsubscribe page (a GET changes nothing: link checkers follow links)",
        querystring: jobAlertTokenQuerySchema,
        response: { 303: z.null(), 400: problemDetailsSchema },
      },
    },
    async (request, reply) =>
      reply.redirect(
        `${app.config.portalUrl}${ALERT_UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(request.query.token)}`,
        303,
      ),
  );

  const candidateOnly = requireRole('Candidate');
  app.get(
    '/candidate/job-alerts',
    {
      preHandler: candidateOnly,
      schema: {
        tags,
        summary: "The job alerts of the caller's account address, newest first",
        security: bearerSecurity,
        response: { 200: jobAlertListSchema, ...problems },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Alerts need no account: an address the account has not proved shows none of them.
      const user = currentUser(request);
      return user.emailVerified === false ? [] : alertsOfAddress(db(), user.email);
    },
  );

  app.delete(
    '/candidate/job-alerts/:id',
    {
      preHandler: candidateOnly,
      schema: {
        tags,
        summary: "Stop one of the caller's job alerts",
        security: bearerSecurity,
        params: z.object({ id: idSchema }),
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (user.emailVerified === false) throw new HttpProblem(404, 'The job alert was not found.');
      await deleteAlertOfAddress(db(), user.email, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
