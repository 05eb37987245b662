import { Readable } from 'node:stream';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart, { type Multipart, type MultipartFile } from '@fastify/multipart';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { Gate } from '../../db/gate.js';
import { AppError, conflict, notFound, validationError } from '../../errors.js';
import { findEvidenceFile, readEvidenceChunks } from '../../db/repositories/answerNotes.js';
import { canReadEntity } from '../../services/campaigns/rules.js';
import { addEvidenceFile, checkEvidenceUpload } from '../../services/campaigns/actions.js';
import { EvidenceSpool, type SpooledFile } from '../../services/campaigns/evidenceSpool.js';
import type { CheckedCaller } from '../../services/actor.js';
import type { ReportEngine } from '../../reports/engine.js';
import { campaignCalls, ID_TEXT_PATTERN } from '../../../shared/api/campaigns.js';
import { CAMPAIGN_NOT_SENT } from '../../../shared/api/results.js';
import { ID_MAX } from '../../../shared/constants.js';
import { fileRouteOf, uploadRouteOf } from '../contract.js';
import { recheckSessionWith } from '../../plugins/auth.js';
import { actorAmong, ANSWERING, CAMPAIGN_ACTIONS, requireAny } from './index.js';

/**
 * POST campaigns/evidence/upload and GET campaigns/evidence/file (docs/api.md, "Evidence"): a file behind an
 * answer, received into a temporary file as it arrives (no transaction open meanwhile), copied into the database in
 * pieces in one short transaction, and streamed out of it as it is read; never whole in memory.
 */

/** The text fields an upload takes, each once, before its one file part. */
const ID_FIELDS = ['id', 'question'] as const;
type IdField = (typeof ID_FIELDS)[number];
const ID_TEXT = new RegExp(ID_TEXT_PATTERN);

/** Pieces read per statement while a file is sent: a few at a time, never the whole file. */
const CHUNKS_PER_READ = 4;

/** What reading a multipart body threw, as the API answers it: 422 naming the part (the route's own errors as they are). */
function multipartFailure(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const { code } = (err ?? {}) as Partial<FastifyError>;
  if (code === 'FST_FILES_LIMIT') return validationError('Send one file only', { file: 'only one file may be sent' });
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return validationError('Send the fields id and question and one file, nothing else', { body: 'has parts it does not take' });
  // Busboy's errors (no boundary, a part or the body cut short) and the plugin's others (a field named like a
  // prototype property, a JSON field that is not JSON, the request closed early): the body cannot be read.
  return validationError('The multipart/form-data body cannot be read', { file: 'is required' });
}

/** The next part of the body, its failures as the API answers them. */
async function nextPart(parts: AsyncIterator<Multipart>): Promise<Multipart | undefined> {
  try {
    const step = await parts.next();
    return step.done ? undefined : step.value;
  } catch (err) {
    throw multipartFailure(err);
  }
}

/** An id sent as a text field: its digits alone, 1 to ID_MAX; anything else 422 as the JSON calls answer it. */
function idOf(name: IdField, value: unknown, truncated: boolean): number {
  const id = typeof value === 'string' && !truncated && ID_TEXT.test(value) ? Number(value) : NaN;
  if (!(id <= ID_MAX)) throw validationError(`Invalid request: ${name}`, { [name]: 'must be integer' });
  return id;
}

/**
 * The fields of an upload, read up to its file part (which is left unread): `id` and `question` once each, as text
 * fields, then the part `file`. Anything else is 422 naming the part.
 */
async function readUploadHead(parts: AsyncIterator<Multipart>): Promise<{ ids: Record<IdField, number>; file: MultipartFile }> {
  const ids: Partial<Record<IdField, number>> = {};
  for (;;) {
    const part = await nextPart(parts);
    if (!part) throw validationError('The request has no file part named "file"', { file: 'is required' });
    const name = part.fieldname;
    if (part.type === 'file') {
      if (name !== 'file') throw validationError(`The part "${name}" must be a text field`, { [name]: 'must be a text field, not a file' });
      for (const field of ID_FIELDS) {
        if (ids[field] === undefined) throw validationError(`The field ${field} must come before the file`, { [field]: 'is required before the file' });
      }
      return { ids: ids as Record<IdField, number>, file: part };
    }
    if (name === 'file') throw validationError('The part "file" must be a file', { file: 'must be a file, not a text field' });
    if (!(ID_FIELDS as readonly string[]).includes(name)) throw validationError(`Invalid request: ${name}`, { [name]: 'is not allowed' });
    const field = name as IdField;
    if (ids[field] !== undefined) throw validationError(`Invalid request: ${field}`, { [field]: 'must be sent only once' });
    ids[field] = idOf(field, part.value, part.valueTruncated);
  }
}

/** A file part's bytes as they arrive, then the check that nothing follows it (a second file, a field). */
async function* fileContent(file: MultipartFile, parts: AsyncIterator<Multipart>): AsyncGenerator<Buffer> {
  try {
    for await (const bytes of file.file) yield bytes as Buffer;
  } catch (err) {
    throw multipartFailure(err);
  }
  const after = await nextPart(parts);
  if (after?.type === 'file') throw validationError('Send one file only', { file: 'only one file may be sent' });
  if (after) throw validationError(`The field ${after.fieldname} must come before the file`, { [after.fieldname]: 'must come before the file' });
}

/**
 * The header value `attachment` with the file's name: `filename` in plain ASCII for old clients (accents dropped,
 * other characters as '_'), and `filename*` (RFC 5987/6266, UTF-8 percent-encoded) with the name as it is.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A stored file's bytes in order, CHUNKS_PER_READ pieces per statement, each piece in parts (readEvidenceChunks); a
 * piece missing (the file removed meanwhile) ends the stream with an error.
 */
async function* storedBytes(db: Queryable, evidenceId: number, size: number): AsyncGenerator<Buffer> {
  // The first piece not yet begun, and the one whose parts are being sent.
  let next = 0;
  let current = -1;
  let sent = 0;
  while (sent < size) {
    const rows = await readEvidenceChunks(db, evidenceId, next, CHUNKS_PER_READ);
    if (rows.length === 0) throw new Error(`evidence ${evidenceId}: piece ${next} is missing`);
    for (const row of rows) {
      if (row.position === next) current = next++;
      else if (row.position !== current) throw new Error(`evidence ${evidenceId}: piece ${next} is missing`);
      sent += row.data.length;
      yield row.data;
    }
  }
}

/** The evidence file calls under /api/secure/v1/campaigns. */
export async function registerEvidenceRoutes(secure: FastifyInstance, ctx: AppContext, reports: ReportEngine): Promise<void> {
  const { db, config } = ctx;
  // An upload holds a transaction while it copies its received file into the database: on PostgreSQL at most half
  // the pool's connections do at once, the rest left to every other call; on PGlite, which runs one transaction at a
  // time, one (the next waits outside, so other calls take their turns between uploads instead of queuing behind
  // every waiting one).
  const gate = new Gate(db.kind === 'postgres' ? Math.max(1, Math.floor(config.databasePoolSize / 2)) : 1);
  // Where files wait while they arrive: a private folder in EVIDENCE_TMP_DIR, removed at close.
  const spool = await EvidenceSpool.open(config.evidence.tmpDir);
  secure.addHook('onClose', () => spool.close());

  // The upload in a scope of its own: only it takes multipart bodies (elsewhere one would reach a JSON call as no body).
  await secure.register(async (scope) => {
    await scope.register(multipart, {
      // The file's own limit is counted as it is received (EvidenceSpool.receive); busboy stops one byte past it.
      throwFileSizeLimit: false,
      limits: { fileSize: config.evidence.maxBytes + 1, files: 1, fields: 3, parts: 4, fieldNameSize: 100, fieldSize: 100, headerPairs: 20 },
    });
    const api = scope.withTypeProvider<TypeBoxTypeProvider>();
    api.route({
      ...uploadRouteOf(campaignCalls.uploadEvidence),
      handler: async (request) => {
        // Who may answer, before a byte of the body is read (the guard has checked the session): FEC 403 here.
        const actor = actorAmong(request, ANSWERING);
        if (!request.isMultipart()) throw validationError('Send the file as multipart/form-data', { file: 'is required' });
        const parts = request.parts()[Symbol.asyncIterator]();
        let file: MultipartFile | undefined;
        let received: SpooledFile | undefined;
        try {
          const head = await readUploadHead(parts);
          file = head.file;
          const target = { id: head.ids.id, question: head.ids.question };
          // Whether the file may be added, before a byte of it is read (the guard has just checked the session).
          const caller: CheckedCaller = async (_withSession, alone) => ({ actor, read: await alone() });
          const { usedBytes } = await checkEvidenceUpload(db, reports.questionnaires, caller, target);
          // The file as it arrives, however slowly, with no transaction open: nothing of the database waits for it.
          const { maxBytes, maxTotalBytes } = config.evidence;
          received = await spool.receive(fileContent(file, parts), { maxBytes, maxTotalBytes, usedBytes });
          const leave = await gate.enter();
          try {
            // Checked again with the session: it may have been closed, or the user's role or entities changed, while the file arrived.
            const storing: CheckedCaller = async (withSession) => {
              const read = await recheckSessionWith(request, withSession);
              return { actor: actorAmong(request, ANSWERING), read };
            };
            const upload = { ...target, fileName: file.filename, file: received };
            return { response: await addEvidenceFile(db, reports.questionnaires, storing, upload, config.evidence) };
          } finally {
            leave();
          }
        } finally {
          // Refused before the end of the body (a bad field, a file too large or of a kind not taken): the rest is no
          // longer parsed but read and dropped, so that the client, still sending, gets the answer; the request
          // timeout bounds how long.
          if (file && !file.file.readableEnded) file.file.destroy();
          request.raw.unpipe();
          request.raw.resume();
          // Stored or not, the received file is not kept (one refused while arriving is already gone).
          await received?.discard().catch((err: unknown) => request.log.error({ err }, "an upload's temporary file could not be removed"));
        }
      },
    });
  });

  const api = secure.withTypeProvider<TypeBoxTypeProvider>();
  api.route({
    ...fileRouteOf({ ...campaignCalls.evidenceFile, file: campaignCalls.evidenceFile.file! }),
    // Sent as stored, with its length: PDF, images and zip-based documents gain nothing from compression.
    compress: false,
    handler: async (request, reply) => {
      const { id, evidenceId } = request.query as { id: number; evidenceId: number };
      const principal = request.principal;
      // A share link reads its own campaign only; others' files are as if they did not exist.
      if (principal?.kind === 'share' && principal.campaignId !== id) throw notFound('Evidence');
      const user = principal?.kind === 'share' ? undefined : requireAny(request, CAMPAIGN_ACTIONS);
      const found = await findEvidenceFile(db, id, evidenceId);
      if (!found || (user && !canReadEntity(user, found.entityId))) throw notFound('Evidence');
      // As campaigns/answers: a link shows a sent campaign, not the draft it becomes when reopened.
      if (!user && found.campaignStatus !== 'sent') throw conflict('Evidence is shared only while the campaign is submitted', CAMPAIGN_NOT_SENT);
      return reply
        .type(found.contentType)
        .header('content-length', String(found.size))
        .header('content-disposition', attachmentDisposition(found.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', 'sandbox')
        .header('cache-control', 'private, no-store')
        .send(Readable.from(storedBytes(db, evidenceId, found.size), { objectMode: false }));
    },
  });
}
