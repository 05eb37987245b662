import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_TAGS } from '../routes/contract.js';

/**
 * The API's OpenAPI 3.1 document, generated from the calls' schemas (src/shared/api), at
 * GET /api/docs/openapi.json, and a page to browse it at /api/docs. Registered before the routes, which it
 * collects as they are added; only routes with a tag (every API call) are listed.
 */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  // An API route added without its declaration would be neither validated nor documented: refuse to start.
  const operationIds = new Set<string>();
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { tags?: unknown; operationId?: unknown } | undefined;
    const tagged = Array.isArray(schema?.tags);
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !tagged) {
      throw new Error(`${route.method} ${route.url} is not declared as a call in src/shared/api (see routes/contract.ts routeOf)`);
    }
    // fastify adds a HEAD route beside each GET, with the same schema: one operation.
    if (tagged && route.method !== 'HEAD' && typeof schema?.operationId === 'string') {
      if (operationIds.has(schema.operationId)) throw new Error(`${route.method} ${route.url}: operationId ${schema.operationId} is used twice`);
      operationIds.add(schema.operationId);
    }
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Campañas de indicadores API',
        version: '1',
        description:
          'Public calls under /api/v1, authenticated calls under /api/secure/v1 with `Authorization: Bearer <access token>` ' +
          '(OAuth 2 authorization code with PKCE: POST /api/v1/auth/login, then /api/v1/auth/token). Successful answers are ' +
          '`{ "response": ... }`; failures `{ "error": { type, message, data }, "request": { method, path, id } }`. Requests are ' +
          'validated strictly: no type coercion, unknown properties refused (except at the token endpoint, which ignores them as ' +
          'RFC 6749 requires), a query parameter sent twice refused.',
      },
      servers: [{ url: publicUrl }],
      tags: API_TAGS.map((t) => ({ ...t })),
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    hideUntagged: true,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
