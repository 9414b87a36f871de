import type { FastifyInstance } from 'fastify';

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
