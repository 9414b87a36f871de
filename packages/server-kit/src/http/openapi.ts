import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { sharedPlugin } from './shared-plugin';

export interface OpenApiOptions {
  title: string;
  version: string;
  description: string;
  /** Public base address, the document's server entry. */
  publicUrl?: string | undefined;
}

/**
 * The OpenAPI document, made from the routes' zod schemas: /openapi.json, and the pages under /docs.
 * Register it before the routes it should describe.
 */
export const openApi = sharedPlugin<OpenApiOptions>('openapi', async (app, options) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: options.title, version: options.version, description: options.description },
      servers: options.publicUrl ? [{ url: options.publicUrl }] : [],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
