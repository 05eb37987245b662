import fs from 'node:fs/promises';
import type { Db, Tx } from '../db/client.js';
import * as rows from '../db/repositories/catalogue.js';
import { CatalogueError, parseCatalogue, type Catalogue } from './parse.js';

/** The refusal of a year that has an edition already. */
export const alreadyImported = (year: number): CatalogueError =>
  new CatalogueError([{ path: 'edition', code: 'EDITION_EXISTS', params: { year: String(year) }, text: `edition ${year} is already imported` }]);

/** Imports a validated catalogue as a new edition, all or nothing (onImported runs in the same transaction); returns the edition id. */
export async function importCatalogue(db: Db, catalogue: Catalogue, onImported?: (tx: Tx, editionId: number) => Promise<void>): Promise<number> {
  return db.transaction(async (tx) => {
    if (await rows.editionExists(tx, catalogue.edition)) throw alreadyImported(catalogue.edition);
    const editionId = await rows.insertEdition(tx, catalogue.edition, catalogue.title, catalogue.translations);
    const competenceIds = new Map<string, number>();
    for (const c of catalogue.competences) competenceIds.set(c.code, await rows.upsertCategory(tx, 'competence', c.code, c.text, c.translations));
    let indicatorPosition = 0;
    for (const axis of catalogue.axes) {
      const axisId = await rows.upsertCategory(tx, 'axis', axis.code, axis.text, axis.translations);
      for (const policy of axis.policies) {
        const policyId = await rows.upsertCategory(tx, 'policy', policy.code, policy.text, policy.translations);
        for (const measure of policy.measures) {
          const measureId = await rows.upsertCategory(tx, 'measure', measure.code, measure.text, measure.translations);
          for (const indicator of measure.indicators) {
            const competenceId = indicator.competence ? competenceIds.get(indicator.competence) : null;
            const indicatorId = await rows.insertIndicator(tx, {
              editionId,
              code: indicator.code,
              text: indicator.text,
              axisId,
              policyId,
              measureId,
              competenceId,
              position: indicatorPosition++,
              translations: indicator.translations,
            });
            for (const [s, sub] of indicator.subindicators.entries()) {
              await rows.insertSubindicator(
                tx,
                {
                  indicatorId,
                  code: sub.code,
                  text: sub.text,
                  type: sub.type,
                  position: s,
                  allowsNotApplicable: sub.allowsNotApplicable,
                  evidenceRule: sub.evidenceRule,
                  evidenceCriteria: sub.evidenceCriteria,
                  translations: sub.translations,
                },
                sub.responses,
              );
            }
          }
        }
      }
    }
    await onImported?.(tx, editionId);
    return editionId;
  });
}

/** Reads, validates and imports a catalogue file. */
export async function importCatalogueFile(db: Db, file: string): Promise<{ editionId: number; catalogue: Catalogue }> {
  let json: unknown;
  try {
    json = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (err) {
    throw new CatalogueError([{ path: '', code: 'UNREADABLE', params: { reason: (err as Error).message }, text: `${file}: ${(err as Error).message}` }]);
  }
  const catalogue = parseCatalogue(json);
  return { editionId: await importCatalogue(db, catalogue), catalogue };
}
