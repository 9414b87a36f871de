import { startService } from '@careers/server-kit/lifecycle';
import { buildApp, openDependencies } from './app';
import { loadConfig } from './config';

await startService({
  name: 'candidate',
  loadConfig,
  openDependencies: (config, logger) => openDependencies(config, logger),
  buildApp,
});
