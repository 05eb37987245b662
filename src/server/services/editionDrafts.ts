import type { Db, Queryable } from '../db/client.js';
import type { Actor } from './actor.js';
import { auditedBy } from './actor.js';
import { conflict, notFound, validationError } from '../errors.js';
import { recordAudit } from '../db/repositories/audit.js';
import { editionIdOf } from '../db/repositories/catalogue.js';
import { editionBefore, loadEditionCatalogue } from '../db/repositories/editions.js';
import { deleteDraft, findDraft, insertDraft, updateDraft, type DraftRow } from '../db/repositories/editionDrafts.js';
import { CatalogueError, type Catalogue } from '../catalogue/parse.js';
import { checkCatalogueDocument, oversize, tooManyValues } from '../catalogue/upload.js';
import { applyOperations, OperationError } from '../catalogue/tree.js';
import { readCatalogueXlsx, writeCatalogueXlsx } from '../catalogue/spreadsheet.js';
import { diffEditions } from '../catalogue/diff.js';
import { catalogueCounts, catalogueIndicators } from '../catalogue/preview.js';
import { importCatalogue } from '../catalogue/import.js';
import { isUniqueViolation } from '../db/faults.js';
import type {
  CreateDraftBody,
  DeleteDraftBody,
  EditionDraft,
  FileProblem,
  ImportedEdition,
  SheetProblemsData,
  UpdateDraftBody,
} from '../../shared/api/editions.js';

/**
 * Editions written in the app (docs/api.md, "Editions written in the app"): a draft per year, copied from an edition
 * or made from a spreadsheet, changed by operations on its tree (all or none, on the version it was read at), checked
 * as an uploaded file is after every change, and published as the edition of its year.
 */

/** What the import's checks make of a draft's document: the catalogue, or every problem with its place (as an upload's, bounded). */
function checkDocument(document: unknown): { catalogue?: Catalogue; problems: FileProblem[] } {
  const checked = checkCatalogueDocument(document);
  return 'catalogue' in checked ? { catalogue: checked.catalogue, problems: [] } : { problems: checked.problems };
}

/** 422 for a document larger than a questionnaire can be (an added node, or the draft it makes): never stored, never copied. */
function requireQuestionnaireSize(document: unknown, where: Record<string, unknown>): void {
  if (oversize(document)) throw validationError('The draft would hold more than a questionnaire can', { ...where, problems: [tooManyValues()] });
}

/** A draft as the editor shows it: its problems, and once it has none its questionnaire as an entity sees it and its differences from the newest earlier edition. */
async function draftView(q: Queryable, row: DraftRow): Promise<EditionDraft> {
  const { catalogue, problems } = checkDocument(row.document);
  const previous = await editionBefore(q, row.campaignNumber);
  const diff = catalogue && previous ? diffEditions((await loadEditionCatalogue(q, previous.id)).catalogue, catalogue) : null;
  return { ...row, problems, previousYear: previous?.year ?? null, diff, indicators: catalogue ? catalogueIndicators(catalogue) : null };
}

async function draftOrNotFound(q: Queryable, campaignNumber: number, forUpdate = false): Promise<DraftRow> {
  const row = await findDraft(q, campaignNumber, forUpdate);
  if (!row) throw notFound('Draft');
  return row;
}

/** The 409 of a year that has an edition or a draft already (data.exists says which). */
const yearTaken = (year: number, exists: 'edition' | 'draft') =>
  conflict(`The year ${year} has ${exists === 'edition' ? 'an edition' : 'a draft'}`, { year, exists });

/** 409 when the year has an edition or a draft already: a year is written once. */
async function requireFreeYear(q: Queryable, campaignNumber: number): Promise<void> {
  if ((await editionIdOf(q, campaignNumber)) !== undefined) throw yearTaken(campaignNumber, 'edition');
  if (await findDraft(q, campaignNumber)) throw yearTaken(campaignNumber, 'draft');
}

/** Stores a new draft of a free year and answers it; 409 when another was made for that year meanwhile. */
async function storeNewDraft(db: Db, actor: Actor, campaignNumber: number, document: Catalogue, basedOn: number | null): Promise<EditionDraft> {
  await requireFreeYear(db, campaignNumber);
  if (!(await insertDraft(db, campaignNumber, { ...document, edition: campaignNumber }, basedOn, actor.user.id))) {
    throw yearTaken(campaignNumber, 'draft');
  }
  return draftView(db, await draftOrNotFound(db, campaignNumber));
}

export async function readDraft(db: Db, campaignNumber: number): Promise<EditionDraft> {
  return draftView(db, await draftOrNotFound(db, campaignNumber));
}

/** A draft of a new year, a copy of the edition `from` (422 when there is none). */
export async function createDraft(db: Db, actor: Actor, body: CreateDraftBody): Promise<EditionDraft> {
  const fromId = await editionIdOf(db, body.from);
  if (fromId === undefined) throw validationError('La edición no existe', { from: 'no such edition' });
  const { catalogue } = await loadEditionCatalogue(db, fromId);
  return storeNewDraft(db, actor, body.campaignNumber, catalogue, body.from);
}

/**
 * Applies the operations to the draft in one transaction, on the version the editor read: another change since
 * answers 409 CONFLICT with the draft as it is now (data.draft), so that nothing is overwritten unseen.
 */
export async function changeDraft(db: Db, actor: Actor, body: UpdateDraftBody): Promise<EditionDraft> {
  return db.transaction(async (tx) => {
    const row = await draftOrNotFound(tx, body.campaignNumber, true);
    if (row.version !== body.version) throw conflict('The draft was changed by someone else', { draft: await draftView(tx, row) });
    body.operations.forEach((op, operation) => {
      if (op.op === 'add') requireQuestionnaireSize(op.node, { operation });
    });
    let document: unknown;
    try {
      // The year is the draft's own: an operation cannot move it to another.
      document = { ...applyOperations(row.document, body.operations), edition: body.campaignNumber };
    } catch (err) {
      if (err instanceof OperationError)
        throw validationError('An operation names a node the draft does not have', { operation: err.operation, reason: err.reason });
      throw err;
    }
    requireQuestionnaireSize(document, {});
    await updateDraft(tx, body.campaignNumber, body.version, document, actor.user.id);
    return draftView(tx, await draftOrNotFound(tx, body.campaignNumber));
  });
}

/** A draft thrown away, as its editor read it (409 CONFLICT with the draft as it is now when it changed since); audited. */
export async function discardDraft(db: Db, actor: Actor, body: DeleteDraftBody): Promise<{ campaignNumber: number }> {
  return db.transaction(async (tx) => {
    const row = await draftOrNotFound(tx, body.campaignNumber, true);
    if (row.version !== body.version) throw conflict('The draft was changed by someone else', { draft: await draftView(tx, row) });
    await deleteDraft(tx, body.campaignNumber);
    await recordAudit(tx, {
      ...auditedBy(actor),
      action: 'edition.draftDelete',
      targetType: 'edition',
      details: { year: body.campaignNumber, version: row.version },
    });
    return { campaignNumber: body.campaignNumber };
  });
}

/** The draft imported as the edition of its year (audited as edition.import, as an uploaded file is) and removed. */
export async function publishDraft(db: Db, actor: Actor, campaignNumber: number): Promise<ImportedEdition> {
  const row = await draftOrNotFound(db, campaignNumber);
  const { catalogue, problems } = checkDocument(row.document);
  if (!catalogue) throw validationError('The draft does not pass its checks', { problems });
  try {
    const id = await importCatalogue(db, catalogue, async (tx, editionId) => {
      // Published once, as it was checked: a second publication at the same moment finds the draft gone, and a
      // change made since it was read (its version raised) is not lost under the edition: both fail whole.
      const locked = await findDraft(tx, campaignNumber, true);
      if (!locked) throw notFound('Draft');
      if (locked.version !== row.version) throw conflict('The draft was changed while it was being published', { draft: await draftView(tx, locked) });
      await deleteDraft(tx, campaignNumber);
      await recordAudit(tx, {
        ...auditedBy(actor),
        action: 'edition.import',
        targetType: 'edition',
        targetId: editionId,
        details: { year: campaignNumber, ...catalogueCounts(catalogue), draft: true },
      });
    });
    return { id, year: campaignNumber };
  } catch (err) {
    if (err instanceof CatalogueError || isUniqueViolation(err)) throw yearTaken(campaignNumber, 'edition');
    throw err;
  }
}

/** An edition, or else the draft of that year, as .xlsx; 404 when the year has neither (a draft that does not pass its checks is 422). */
export async function editionSpreadsheet(db: Db, campaignNumber: number): Promise<Buffer> {
  const editionId = await editionIdOf(db, campaignNumber);
  if (editionId !== undefined) return writeCatalogueXlsx((await loadEditionCatalogue(db, editionId)).catalogue);
  const { catalogue, problems } = checkDocument((await draftOrNotFound(db, campaignNumber)).document);
  if (!catalogue) throw validationError('The draft does not pass its checks', { problems });
  return writeCatalogueXlsx(catalogue);
}

/** A draft of a free year made from an uploaded spreadsheet; 422 with every problem at its sheet, row and column. */
export async function draftFromSpreadsheet(db: Db, actor: Actor, campaignNumber: number, bytes: Uint8Array): Promise<EditionDraft> {
  await requireFreeYear(db, campaignNumber);
  const read = await readCatalogueXlsx(bytes);
  if ('problems' in read) throw validationError('The spreadsheet is not a valid edition', { problems: read.problems } satisfies SheetProblemsData);
  return storeNewDraft(db, actor, campaignNumber, read.catalogue, null);
}
