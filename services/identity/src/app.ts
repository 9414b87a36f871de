import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { createHttpApp, type App } from '@careers/server-kit/http';
import { openDatabase, type Database } from '@careers/server-kit/database';
import { migrateToLatest } from '@careers/server-kit/migrations';
import { createMailTransport, type MailTransport } from '@careers/server-kit/mail';
import type { Logger } from '@careers/server-kit/logger';
import type { IdentityConfig } from './config';
import type { IdentityDatabase } from './db';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

export interface IdentityDeps {
  database: Database<IdentityDatabase>;
  mail: MailTransport;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: IdentityDeps;
    config: IdentityConfig;
  }
}

/** Opens the database (migrating it) and the mail transport the configuration names. */
export async function openDependencies(config: IdentityConfig, logger: Logger): Promise<IdentityDeps> {
  const database = await openDatabase<IdentityDatabase>(config.database);
  await migrateToLatest(database.db as never, migrationsFolder, 'identity');
  const mail = createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
  return { database, mail };
}

export async function buildApp(config: IdentityConfig, deps: IdentityDeps, logger: Logger): Promise<App> {
  const app = await createHttpApp({
    name: 'identity',
    description: 'Accounts, one-time codes, tokens, password reset, e-mail confirmation and change.',
    logger,
    corsOrigins: config.corsOrigins,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    ready: () => deps.database.ping(),
  });
  app.decorate('deps', deps);
  app.decorate('config', config);

  // The dev outbox exists only when no SMTP server is configured (DESIGN §2).
  const outbox = deps.mail.list;
  if (outbox) {
    app.get(
      '/dev/outbox',
      {
        schema: {
          tags: ['development'],
          summary: 'E-mails kept by the dev outbox, newest first (only without SMTP_URL)',
          response: {
            200: z.array(
              z.object({
                id: z.string(),
                from: z.string(),
                to: z.string(),
                subject: z.string(),
                text: z.string(),
                html: z.string(),
                kind: z.string(),
                sentAt: z.string(),
              }),
            ),
          },
        },
      },
      async () => outbox(),
    );
  }

  app.addHook('onClose', async () => {
    await deps.mail.close();
    await deps.database.close();
  });
  return app;
}
