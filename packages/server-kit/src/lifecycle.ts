import type { FastifyInstance } from 'fastify';
import { ConfigError, type LogFormat } from './env';
import { createLogger, type Logger } from './logger';

export interface RunOptions {
  app: FastifyInstance;
  host: string;
  port: number;
  /** Called after the HTTP server has closed (pools, queues). */
  onClose?: () => Promise<void>;
}

/**
 * Listens, then shuts down gracefully on SIGTERM/SIGINT: stop accepting, let in-flight requests
 * finish (bounded), close pools, exit.
 */
export async function runService({ app, host, port, onClose }: RunOptions): Promise<string> {
  app.server.keepAliveTimeout = 65_000;
  app.server.requestTimeout = 120_000;
  const address = await app.listen({ host, port });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await onClose?.();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return address;
}

export interface ServiceParts<
  Config extends { logLevel: string; logFormat?: LogFormat; host: string; port: number },
  Deps,
> {
  name: string;
  loadConfig: () => Config;
  openDependencies: (config: Config, logger: Logger) => Promise<Deps>;
  buildApp: (config: Config, deps: Deps, logger: Logger) => Promise<FastifyInstance>;
}

/**
 * A service's `server.ts`: configuration (a bad one stops with every bad variable listed and exit code
 * 2), dependencies, the app, then listening until SIGTERM.
 */
export async function startService<
  Config extends { logLevel: string; logFormat?: LogFormat; host: string; port: number },
  Deps,
>(parts: ServiceParts<Config, Deps>): Promise<void> {
  let config: Config;
  try {
    config = parts.loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(parts.name, config.logLevel, undefined, config.logFormat);
  let deps: Deps;
  try {
    deps = await parts.openDependencies(config, logger);
  } catch (err) {
    // A setting that only shows itself wrong together with others (a secret every instance must share).
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const app = await parts.buildApp(config, deps, logger);
  await runService({ app, host: config.host, port: config.port });
}
