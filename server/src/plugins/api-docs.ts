import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas that validate requests, at
 * /api/openapi.json, and a browsable copy at /api/docs.
 */
async function apiDocsPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Staff Performance Management API',
        description:
          'Every answer is an envelope: `{ success, message, data }` or `{ success: false, message, errors? }`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}

export default fp(apiDocsPlugin, { name: 'api-docs' });
