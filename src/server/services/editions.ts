import type { Db } from '../db/client.js';
import type { Actor } from './actor.js';
import { auditedBy } from './actor.js';
import { conflict, validationError } from '../errors.js';
import { recordAudit } from '../db/repositories/audit.js';
import { editionExists } from '../db/repositories/catalogue.js';
import { editionBefore, loadEditionCatalogue } from '../db/repositories/editions.js';
import { readCatalogueUpload } from '../catalogue/upload.js';
import { diffEditions } from '../catalogue/diff.js';
import { catalogueCounts, catalogueIndicators } from '../catalogue/preview.js';
import { importCatalogue } from '../catalogue/import.js';
import { CatalogueError, type Catalogue } from '../catalogue/parse.js';
import { isUniqueViolation } from '../db/faults.js';
import type { EditionPreview, FileProblemsData, ImportedEdition } from '../../shared/api/editions.js';

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
      problems: [{ path: 'edition', message: `la edición ${catalogue.edition} ya está importada` }],
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
