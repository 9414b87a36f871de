import type { FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as applying to the app that registers it (what fastify-plugin does): its hooks,
 * handlers and routes are the app's own, not those of a child context that the rest never sees.
 */
export function sharedPlugin<Options extends object>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
  return plugin;
}
