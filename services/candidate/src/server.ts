import { runService } from '@careers/server-kit/lifecycle';
import { ConfigError } from '@careers/server-kit/env';
import { createLogger } from '@careers/server-kit/logger';
import { buildApp, openDependencies } from './app';
import { loadConfig } from './config';

try {
  const config = loadConfig();
  const logger = createLogger('candidate', config.logLevel);
  const deps = await openDependencies(config, logger);
  const app = await buildApp(config, deps, logger);
  await runService({ app, host: config.host, port: config.port });
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}
