import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { AppContext } from '../context.js';
import { permittedActor, requirePermission } from '../plugins/auth.js';
import { AppError, validationError } from '../errors.js';
import { listEditions } from '../db/repositories/editions.js';
import { listDrafts } from '../db/repositories/editionDrafts.js';
import { changeEditionSettings, importEdition, previewEdition } from '../services/editions.js';
import { editionCalls, SPREADSHEET_FILE_TYPES } from '../../shared/api/editions.js';
import { changeDraft, createDraft, discardDraft, draftFromSpreadsheet, editionSpreadsheet, publishDraft, readDraft } from '../services/editionDrafts.js';
import { EDITION_FILE_MAX_BYTES } from '../../shared/constants.js';
import { fileRouteOf, routeOf, uploadRouteOf } from './contract.js';

/** The uploaded file's bytes (the multipart part `file`); 422 when the request is not multipart, has none or cannot be read, 413 over the limit. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  return (await uploadedParts(request)).bytes;
}

/** A year as a multipart text field carries it: four digits from 2000 to 2100, nothing else (no sign, no spaces). */
function yearField(value: unknown): number {
  const year = typeof value === 'string' && /^\d{4}$/.test(value) ? Number(value) : NaN;
  if (!(year >= 2000 && year <= 2100)) throw validationError('campaignNumber must be a year from 2000 to 2100', { campaignNumber: 'must be a year' });
  return year;
}

/** The part `file` and the text fields sent before it; the same refusals as uploadedFile. */
async function uploadedParts(request: FastifyRequest): Promise<{ bytes: Buffer; fields: Record<string, unknown> }> {
  if (!request.isMultipart()) throw validationError('Send the file as multipart/form-data', { file: 'is required' });
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw validationError('The request has no file part named "file"', { file: 'is required' });
    const fields = Object.fromEntries(
      Object.entries(part.fields).flatMap(([name, field]) => (field && !Array.isArray(field) && field.type === 'field' ? [[name, field.value]] : [])),
    );
    return { bytes: await part.toBuffer(), fields };
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
  // A spreadsheet comes with the year of the draft it makes: one short text field before the file.
  await secure.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: EDITION_FILE_MAX_BYTES, files: 1, fields: 1, fieldSize: 16, parts: 3, fieldNameSize: 100, headerPairs: 20 },
    });
    scope.withTypeProvider<TypeBoxTypeProvider>().route({
      ...uploadRouteOf(editionCalls.uploadSpreadsheet),
      handler: async (request) => {
        const actor = permittedActor(request, 'EDITIONS_WRITE');
        const { bytes, fields } = await uploadedParts(request);
        return { response: await draftFromSpreadsheet(ctx.db, actor, yearField(fields.campaignNumber), bytes) };
      },
    });
  });
  registerDraftRoutes(secure, ctx);
  secure.withTypeProvider<TypeBoxTypeProvider>().route({
    ...routeOf(editionCalls.editionSettings),
    handler: async (request) => {
      const actor = permittedActor(request, 'EDITIONS_SETTINGS');
      return { response: await changeEditionSettings(ctx.db, actor, request.body) };
    },
  });
}

/** The drafts' JSON calls and the spreadsheet's download (ADMIN, FEC). */
function registerDraftRoutes(secure: FastifyInstance, { db }: AppContext): void {
  const api = secure.withTypeProvider<TypeBoxTypeProvider>();
  api.route({
    ...fileRouteOf({ ...editionCalls.spreadsheet, file: editionCalls.spreadsheet.file! }),
    handler: async (request, reply) => {
      requirePermission(request, 'EDITIONS_WRITE');
      const year = request.query.campaignNumber;
      const bytes = await editionSpreadsheet(db, year);
      return reply
        .type(SPREADSHEET_FILE_TYPES.xlsx)
        .header('content-disposition', `attachment; filename="edicion-${year}.xlsx"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  });
  api.route({
    ...routeOf(editionCalls.drafts),
    handler: async (request) => {
      requirePermission(request, 'EDITIONS_WRITE');
      return { response: await listDrafts(db) };
    },
  });
  api.route({
    ...routeOf(editionCalls.draft),
    handler: async (request) => {
      requirePermission(request, 'EDITIONS_WRITE');
      return { response: await readDraft(db, request.query.campaignNumber) };
    },
  });
  api.route({
    ...routeOf(editionCalls.createDraft),
    handler: async (request) => ({ response: await createDraft(db, permittedActor(request, 'EDITIONS_WRITE'), request.body) }),
  });
  api.route({
    ...routeOf(editionCalls.updateDraft),
    handler: async (request) => ({ response: await changeDraft(db, permittedActor(request, 'EDITIONS_WRITE'), request.body) }),
  });
  api.route({
    ...routeOf(editionCalls.publishDraft),
    handler: async (request) => ({ response: await publishDraft(db, permittedActor(request, 'EDITIONS_WRITE'), request.body.campaignNumber) }),
  });
  api.route({
    ...routeOf(editionCalls.deleteDraft),
    handler: async (request) => ({ response: await discardDraft(db, permittedActor(request, 'EDITIONS_WRITE'), request.body) }),
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
