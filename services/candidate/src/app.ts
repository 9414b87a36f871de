import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHttpApp, type App } from '@careers/server-kit/http';
import { openDatabase, type Database } from '@careers/server-kit/database';
import { migrateToLatest } from '@careers/server-kit/migrations';
import { createMailTransport, type MailTransport } from '@careers/server-kit/mail';
import type { Logger } from '@careers/server-kit/logger';
import type { CandidateConfig } from './config';
import type { CandidateDatabase } from './db';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

export interface CandidateDeps {
  database: Database<CandidateDatabase>;
  mail: MailTransport;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: CandidateDeps;
    config: CandidateConfig;
  }
}

/** Opens the database (migrating it) and the mail transport the configuration names. */
export async function openDependencies(config: CandidateConfig, logger: Logger): Promise<CandidateDeps> {
  const database = await openDatabase<CandidateDatabase>(config.database);
  await migrateToLatest(database.db as never, migrationsFolder, 'candidate');
  const mail = createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
  return { database, mail };
}

export async function buildApp(config: CandidateConfig, deps: CandidateDeps, logger: Logger): Promise<App> {
  const app = await createHttpApp({
    name: 'candidate',
    description: 'Candidates, CV files, jobs, job applications, CV drops, contact, and the employer API.',
    logger,
    corsOrigins: config.corsOrigins,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    ready: () => deps.database.ping(),
  });
  app.decorate('deps', deps);
  app.decorate('config', config);

  app.addHook('onClose', async () => {
    await deps.mail.close();
    await deps.database.close();
  });
  return app;
}
