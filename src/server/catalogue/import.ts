import fs from 'node:fs/promises';
import type { Db, Queryable } from '../db/client.js';
import { CatalogueError, parseCatalogue, type Catalogue } from './parse.js';

type CategoryType = 'axis' | 'policy' | 'measure' | 'competence';

/** Inserts or renames a category (categories are shared by editions); returns its id. */
async function upsertCategory(q: Queryable, type: CategoryType, code: string, text: string): Promise<number> {
  const [{ id }] = await q.query<{ id: number }>(
    `INSERT INTO categories (type, code, text) VALUES ($1, $2, $3)
     ON CONFLICT (type, code) DO UPDATE SET text = EXCLUDED.text RETURNING id`,
    [type, code, text],
  );
  return id;
}

/** Imports a validated catalogue as a new edition, all or nothing; returns the edition id. */
export async function importCatalogue(db: Db, catalogue: Catalogue): Promise<number> {
  return db.transaction(async (tx) => {
    const existing = await tx.query('SELECT 1 FROM editions WHERE campaign_number = $1', [catalogue.edition]);
    if (existing.length > 0) throw new CatalogueError([`edition ${catalogue.edition} is already imported`]);
    const [{ id: editionId }] = await tx.query<{ id: number }>(
      'INSERT INTO editions (campaign_number, title) VALUES ($1, $2) RETURNING id',
      [catalogue.edition, catalogue.title],
    );
    const competenceIds = new Map<string, number>();
    for (const c of catalogue.competences) competenceIds.set(c.code, await upsertCategory(tx, 'competence', c.code, c.text));
    let indicatorPosition = 0;
    for (const axis of catalogue.axes) {
      const axisId = await upsertCategory(tx, 'axis', axis.code, axis.text);
      for (const policy of axis.policies) {
        const policyId = await upsertCategory(tx, 'policy', policy.code, policy.text);
        for (const measure of policy.measures) {
          const measureId = await upsertCategory(tx, 'measure', measure.code, measure.text);
          for (const indicator of measure.indicators) {
            const [{ id: indicatorId }] = await tx.query<{ id: number }>(
              `INSERT INTO indicators (edition_id, code, text, axis_id, policy_id, measure_id, competence_id, position)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
              [editionId, indicator.code, indicator.text, axisId, policyId, measureId,
                indicator.competence ? competenceIds.get(indicator.competence) : null, indicatorPosition++],
            );
            for (const [s, sub] of indicator.subindicators.entries()) {
              const [{ id: subId }] = await tx.query<{ id: number }>(
                'INSERT INTO subindicators (indicator_id, code, text, type, position) VALUES ($1, $2, $3, $4, $5) RETURNING id',
                [indicatorId, sub.code, sub.text, sub.type, s],
              );
              await tx.query(
                `INSERT INTO responses (subindicator_id, code, text, value, obsolete, position)
                 SELECT $1, * FROM unnest($2::text[], $3::text[], $4::float8[], $5::bool[], $6::int[])`,
                [subId, sub.responses.map((r) => r.code), sub.responses.map((r) => r.text), sub.responses.map((r) => r.value),
                  sub.responses.map((r) => r.obsolete ?? false), sub.responses.map((_, i) => i)],
              );
            }
          }
        }
      }
    }
    return editionId;
  });
}

/** Reads, validates and imports a catalogue file. */
export async function importCatalogueFile(db: Db, file: string): Promise<{ editionId: number; catalogue: Catalogue }> {
  let json: unknown;
  try {
    json = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (err) {
    throw new CatalogueError([`${file}: ${(err as Error).message}`]);
  }
  const catalogue = parseCatalogue(json);
  return { editionId: await importCatalogue(db, catalogue), catalogue };
}
