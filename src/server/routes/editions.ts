import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { AppContext } from '../context.js';
import { permittedActor, requirePermission } from '../plugins/auth.js';
import { AppError, validationError } from '../errors.js';
import { listEditions } from '../db/repositories/editions.js';
import { changeEditionSettings, importEdition, previewEdition } from '../services/editions.js';
import { editionCalls } from '../../shared/api/editions.js';
import { EDITION_FILE_MAX_BYTES } from '../../shared/constants.js';
import { routeOf, uploadRouteOf } from './contract.js';

/** The uploaded file's bytes (the multipart part `file`); 422 when the request is not multipart, has none or cannot be read, 413 over the limit. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw validationError('Send the file as multipart/form-data', { file: 'is required' });
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw validationError('The request has no file part named "file"', { file: 'is required' });
    return await part.toBuffer();
  } catch (err) {
    // The rest of a body refused before its end is read and dropped, no longer parsed: left unread, it stayed in the
    // connection, and the client's next request on it waited behind it until the keep-alive timeout closed it.
    request.raw.unpipe();
    request.raw.resume();
    throw multipartFailure(err);
  }
}

/** What reading a multipart body threw, as the API answers it. */
function multipartFailure(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const { code, statusCode } = (err ?? {}) as Partial<FastifyError>;
  // `fields: 0` refuses a text part (`-F file=<x.json` sends the content as one) as a limit, which the plugin reports as 413.
  if (code === 'FST_FIELDS_LIMIT') return validationError('The request has a text field, not a file part named "file"', { file: 'is required' });
  // The plugin's own errors carry their status (413 over the size limit); busboy's carry none and would be 500:
  // a content type without a boundary, a part or a body cut short.
  if (statusCode !== undefined) return err;
  return validationError('The multipart/form-data body cannot be read', { file: 'is required' });
}

/** The editions calls under /api/secure/v1/editions: ADMIN and FEC list; ADMIN alone previews, imports and changes settings. */
export async function registerEditionRoutes(secure: FastifyInstance, ctx: AppContext): Promise<void> {
  // A scope of their own: only these calls take multipart bodies (elsewhere one would reach a JSON call as no body).
  await secure.register(async (scope) => {
    // One small file per request; every other limit as low as a catalogue allows.
    await scope.register(multipart, { limits: { fileSize: EDITION_FILE_MAX_BYTES, files: 1, fields: 0, parts: 2, fieldNameSize: 100, headerPairs: 20 } });
    registerRoutes(scope, ctx);
  });
  secure.withTypeProvider<TypeBoxTypeProvider>().route({
    ...routeOf(editionCalls.editionSettings),
    handler: async (request) => {
      const actor = permittedActor(request, 'EDITIONS_SETTINGS');
      return { response: await changeEditionSettings(ctx.db, actor, request.body) };
    },
  });
}

function registerRoutes(scope: FastifyInstance, { db }: AppContext): void {
  const api = scope.withTypeProvider<TypeBoxTypeProvider>();

  api.route({
    ...routeOf(editionCalls.listEditions),
    handler: async (request) => {
      requirePermission(request, 'EDITIONS_VIEW');
      return { response: await listEditions(db) };
    },
  });

  api.route({
    ...uploadRouteOf(editionCalls.previewEdition),
    handler: async (request) => {
      requirePermission(request, 'EDITIONS_IMPORT');
      return { response: await previewEdition(db, await uploadedFile(request)) };
    },
  });

  api.route({
    ...uploadRouteOf(editionCalls.importEdition),
    handler: async (request) => {
      const actor = permittedActor(request, 'EDITIONS_IMPORT');
      return { response: await importEdition(db, actor, await uploadedFile(request)) };
    },
  });
}
