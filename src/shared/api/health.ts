import { Type } from 'typebox';
import { apiCall, NoQuery } from './schema.js';

/**
 * GET /api/v1/health: ok once the database answers; 503 UNAVAILABLE otherwise. `mail` tells whether the server
 * sends e-mail (SMTP_URL): the forgotten-password page offers a reset link only then.
 */
export const healthCall = apiCall({
  method: 'GET',
  url: '/api/v1/health',
  access: 'public',
  querystring: NoQuery,
  response: Type.Object({ status: Type.Literal('ok'), database: Type.Enum(['pglite', 'postgres']), mail: Type.Boolean() }),
  summary: 'Whether the server and its database answer',
});
