import type { Db, Queryable } from '../db/client.js';
import type { MeansFrom } from '../../shared/constants.js';
import type { Actor } from './actor.js';
import { auditedBy } from './actor.js';
import { conflict, validationError } from '../errors.js';
import { recordAudit } from '../db/repositories/audit.js';
import { editionExists } from '../db/repositories/catalogue.js';
import { editionBefore, listEditions, loadEditionCatalogue, lockEditionSettings, setMeansFrom } from '../db/repositories/editions.js';
import { rebuildTerritoryScores } from '../db/repositories/territoryScores.js';
import { readCatalogueUpload } from '../catalogue/upload.js';
import { fileProblem } from '../catalogue/problems.js';
import { diffEditions } from '../catalogue/diff.js';
import { catalogueCounts, catalogueIndicators } from '../catalogue/preview.js';
import { importCatalogue } from '../catalogue/import.js';
import { CatalogueError, type Catalogue } from '../catalogue/parse.js';
import { isUniqueViolation } from '../db/faults.js';
import { requireNotFinal } from './campaigns/objectionRules.js';
import type { EditionPreview, EditionRow, EditionSettingsBody, FileProblemsData, ImportedEdition } from '../../shared/api/editions.js';

/** The catalogue of an uploaded file, or 422 VALIDATION listing every problem with its place (data: FileProblemsData). */
function catalogueOf(bytes: Uint8Array): Catalogue {
  const read = readCatalogueUpload(bytes);
  if ('problems' in read) throw validationError('The file is not a valid catalogue', { problems: read.problems } satisfies FileProblemsData);
  return read.catalogue;
}

/** An uploaded catalogue checked and shown as it would be imported, with its differences from the previous edition; nothing is written. */
export async function previewEdition(db: Db, bytes: Uint8Array): Promise<EditionPreview> {
  const catalogue = catalogueOf(bytes);
  if (await editionExists(db, catalogue.edition)) {
    throw validationError('The edition is already imported', {
      problems: [fileProblem('edition', 'EDITION_EXISTS', { year: String(catalogue.edition) })],
    } satisfies FileProblemsData);
  }
  const previous = await editionBefore(db, catalogue.edition);
  const diff = previous ? diffEditions((await loadEditionCatalogue(db, previous.id)).catalogue, catalogue) : null;
  return {
    year: catalogue.edition,
    title: catalogue.title,
    counts: catalogueCounts(catalogue),
    indicators: catalogueIndicators(catalogue),
    previousYear: previous?.year ?? null,
    diff,
  };
}

/** Checks the file again and imports it as a new edition, audited as edition.import; 409 CONFLICT when its year exists. */
export async function importEdition(db: Db, actor: Actor, bytes: Uint8Array): Promise<ImportedEdition> {
  const catalogue = catalogueOf(bytes);
  const alreadyImported = () => conflict(`Edition ${catalogue.edition} is already imported`, { year: catalogue.edition });
  if (await editionExists(db, catalogue.edition)) throw alreadyImported();
  try {
    const id = await importCatalogue(db, catalogue, (tx, editionId) =>
      recordAudit(tx, {
        ...auditedBy(actor),
        action: 'edition.import',
        targetType: 'edition',
        targetId: editionId,
        details: { year: catalogue.edition, ...catalogueCounts(catalogue) },
      }),
    );
    return { id, year: catalogue.edition };
  } catch (err) {
    // Another import of the same year won the race since the check above (seen inside the transaction, or by the unique year).
    if (err instanceof CatalogueError || isUniqueViolation(err)) throw alreadyImported();
    throw err;
  }
}

/**
 * Sets which campaigns an edition's means are made from (scoring.md, "Means from validated campaigns"), in one
 * transaction: the edition's row locked, the rule written, its territorial sums and rank counts rebuilt from the
 * campaigns the rule counts (their triggers renew every version its reports are kept under), audited as
 * edition.settings. Setting the rule it has changes nothing. Answers the edition as the editions page lists it;
 * 422 when there is no edition of that year, 409 EDITION_FINAL once its results are final.
 */
/** The refusal of a year no edition has (422, naming campaignNumber). */
export const unknownEditionYear = (): Error => validationError('La edición no existe', { campaignNumber: 'no such edition' });

/**
 * The edition of that year locked for a change of its settings or publication (in the caller's transaction): 422 when
 * there is none, 409 EDITION_FINAL once its results are final.
 */
export async function lockChangeableEdition(tx: Queryable, campaignNumber: number): Promise<{ id: number; meansFrom: MeansFrom }> {
  const edition = await lockEditionSettings(tx, campaignNumber);
  if (!edition) throw unknownEditionYear();
  requireNotFinal({ final: edition.finalPublishedAt !== null });
  return edition;
}

export async function changeEditionSettings(db: Db, actor: Actor, input: EditionSettingsBody): Promise<EditionRow> {
  return db.transaction(async (tx) => {
    const edition = await lockChangeableEdition(tx, input.campaignNumber);
    const changed = edition.meansFrom !== input.meansFrom;
    if (changed) {
      await setMeansFrom(tx, edition.id, input.meansFrom);
      await rebuildTerritoryScores(tx, edition.id);
    }
    const [row] = await listEditions(tx, edition.id);
    if (changed)
      await recordAudit(tx, {
        ...auditedBy(actor),
        action: 'edition.settings',
        targetType: 'edition',
        targetId: edition.id,
        details: {
          year: input.campaignNumber,
          meansFrom: input.meansFrom,
          previous: edition.meansFrom,
          campaigns: row.campaigns.sent,
          validated: row.campaigns.validated,
        },
      });
    return row;
  });
}
