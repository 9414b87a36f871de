import { startService } from '@careers/server-kit/lifecycle';
import { buildApp } from './app';
import { openDependencies } from './dependencies';
import { loadConfig } from './config';

await startService({
  name: 'identity',
  loadConfig,
  openDependencies: (config, logger) => openDependencies(config, logger),
  buildApp,
});
