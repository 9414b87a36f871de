import { bearerAuth } from '@careers/server-kit/bearer-auth';
import { devOutboxRoutes } from '@careers/server-kit/dev-outbox';
import { createHttpApp, type App } from '@careers/server-kit/http';
import type { Logger } from '@careers/server-kit/logger';
import type { BotCheckContext } from '@careers/server-kit/bot-check';
import type { IdentityConfig } from './config';
import type { IdentityDeps } from './dependencies';
import { createSemaphore, type Semaphore } from './lib/semaphore';
import { accessTokenVerifier, type TokenContext } from './modules/tokens/tokens.service';
import type { CodeContext } from './modules/codes/codes.service';
import { tokenRoutes } from './modules/tokens/tokens.routes';
import { botCheckRoutes } from './modules/bot-check/bot-check.routes';
import { accountRoutes } from './modules/accounts/accounts.routes';
import { registrationRoutes } from './modules/accounts/registration.routes';
import { codeRoutes } from './modules/codes/codes.routes';
import { emailChangeRoutes } from './modules/email-change/email-change.routes';
import { userRoutes } from './modules/users/users.routes';
import { internalRoutes } from './modules/internal/internal.routes';

declare module 'fastify' {
  interface FastifyInstance {
    deps: IdentityDeps;
    config: IdentityConfig;
    tokenContext: TokenContext;
    codeContext: CodeContext;
    botCheckContext: BotCheckContext;
    /** Caps concurrent password hashing (docs/decisions/0015). */
    hashGate: Semaphore;
  }
}

/** The HTTP app: the shared plumbing, the contexts the modules read, their routes, and the workers' lifetime. */
export async function buildApp(config: IdentityConfig, deps: IdentityDeps, logger: Logger): Promise<App> {
  const app = await createHttpApp({
    name: 'identity',
    description: 'Accounts, one-time codes, tokens, password reset, e-mail confirmation and change.',
    logger,
    corsOrigins: config.corsOrigins,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    metricsToken: config.metricsToken,
    ready: async () => {
      await deps.database.ping();
      await deps.store.ping();
    },
  });
  app.decorate('deps', deps);
  app.decorate('config', config);
  const tokenContext: TokenContext = { keys: deps.keys, issuer: config.publicUrl, now: deps.now };
  app.decorate('tokenContext', tokenContext);
  await app.register(bearerAuth, { verify: accessTokenVerifier(tokenContext) });
  app.decorate('codeContext', {
    pepper: deps.secrets.otpPepper,
    now: deps.now,
    sendLimits: config.sendLimits,
    mailSite: { portalUrl: config.portalUrl, contactEmail: config.contactEmail },
  });
  app.decorate('hashGate', createSemaphore(config.passwordHashConcurrency, config.passwordHashConcurrency));
  app.decorate('botCheckContext', {
    secret: deps.secrets.botCheckSecret,
    ...config.botCheck,
    store: deps.store,
    now: deps.now,
  });

  await app.register(tokenRoutes);
  await app.register(botCheckRoutes);
  await app.register(accountRoutes);
  await app.register(codeRoutes);
  await app.register(registrationRoutes);
  await app.register(userRoutes);
  await app.register(emailChangeRoutes);
  await app.register(internalRoutes);

  // The dev outbox holds live codes and links: it exists only in the embedded default (no SMTP server,
  // no PostgreSQL), for a developer on the same machine (docs/decisions/0071-dev-outbox-and-secret-free-logs.md).
  // The candidate service of the embedded default writes its e-mails to the same folder (0282).
  const outbox = deps.mail.list;
  if (outbox && config.devOutboxDir) devOutboxRoutes(app, { list: outbox, trustProxy: config.trustProxy });

  app.addHook('onReady', async () => {
    deps.outbox.start();
    deps.accountEvents.start();
    deps.retention.start();
  });
  app.addHook('onClose', async () => {
    await deps.outbox.stop();
    await deps.accountEvents.stop();
    await deps.retention.stop();
    await deps.store.close();
    await deps.mail.close();
    await deps.database.close();
  });
  return app;
}
