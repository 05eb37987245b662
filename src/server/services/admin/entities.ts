import type { Db } from '../../db/client.js';
import { notFound, validationError } from '../../errors.js';
import * as entities from '../../db/repositories/entities.js';
import { rebuildTerritoryScores } from '../../db/repositories/territoryScores.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { auditedBy, type Actor } from '../actor.js';
import { foldText } from '../../../shared/text.js';
import { confusableWith } from './confusableNames.js';
import type { CreateEntityResponse } from '../../../shared/api/admin.js';

/**
 * The one province of the chosen municipalities. Unknown codes are a field error; municipalities of several
 * provinces are VALIDATION with data MULTIPLE_PROVINCES (an entity belongs to one province).
 */
export function singleProvince(requested: readonly string[], found: readonly { id: string; provinceId: string }[]): string {
  const known = new Set(found.map((m) => m.id));
  const unknown = requested.filter((id) => !known.has(id));
  if (unknown.length > 0) throw validationError(`Unknown municipalities: ${unknown.join(', ')}`, { municipalities: 'ENTITIES.VALIDATION.UNKNOWN_MUNICIPALITY' });
  const provinces = new Set(found.map((m) => m.provinceId));
  if (provinces.size !== 1) throw validationError('The municipalities belong to several provinces', 'MULTIPLE_PROVINCES');
  return [...provinces][0];
}

/**
 * Creates an entity of one province; a name already used (ignoring case and accents), or one with letters of another
 * script that reads as one (its confusable skeleton, confusableNames.ts), is ALREADY_EXISTS.
 */
export async function createEntity(db: Db, actor: Actor, input: { name: string; population: number; municipalities: string[] }): Promise<CreateEntityResponse> {
  const municipalityIds = [...new Set(input.municipalities)];
  const name = input.name.trim();
  return db.transaction(async (tx) => {
    const provinceId = singleProvince(municipalityIds, await entities.municipalityProvinces(tx, municipalityIds));
    // 'Аyuntamiento de Carcaixent' with a Cyrillic А reads as the Latin one: the same ALREADY_EXISTS.
    const lookalike = confusableWith(name, await entities.allEntityNames(tx));
    if (lookalike !== undefined) throw validationError(`An entity with a name that reads the same already exists: ${lookalike}`, 'ALREADY_EXISTS');
    const id = await entities.insertEntity(tx, { name, nameKey: foldText(name), population: input.population, provinceId, municipalityIds });
    if (id === undefined) throw validationError('An entity with this name already exists', 'ALREADY_EXISTS');
    await recordAudit(tx, {
      ...auditedBy(actor), action: 'entity.create', targetType: 'entity', targetId: id, entityId: id,
      details: { name, population: input.population, provinceId, municipalities: municipalityIds },
    });
    return { entity: (await entities.listEntities(tx, id))[0] };
  });
}

/**
 * Removes an entity and, irreversibly, its campaigns. Sent campaigns counted in their province's, community's
 * and country's sums, so those are rebuilt in the same transaction.
 */
export async function removeEntity(db: Db, actor: Actor, id: number): Promise<{ success: true }> {
  return db.transaction(async (tx) => {
    const entity = await entities.findEntityForUpdate(tx, id);
    if (!entity) throw notFound('Entity');
    await entities.deleteEntity(tx, id);
    if (entity.campaigns.some((c) => c.status === 'sent')) await rebuildTerritoryScores(tx);
    await recordAudit(tx, {
      ...auditedBy(actor), action: 'entity.remove', targetType: 'entity', targetId: id, entityId: id,
      details: { name: entity.name, campaigns: entity.campaigns },
    });
    return { success: true as const };
  });
}
