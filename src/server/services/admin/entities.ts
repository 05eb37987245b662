import type { Db, Queryable } from '../../db/client.js';
import { conflict, notFound, validationError } from '../../errors.js';
import { isUniqueViolation } from '../../db/faults.js';
import * as entities from '../../db/repositories/entities.js';
import { lockTerritorySums, rebuildTerritoryScores } from '../../db/repositories/territoryScores.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { auditedBy, type Actor } from '../actor.js';
import { foldText } from '../../../shared/text.js';
import { confusableWith } from './confusableNames.js';
import type { CreateEntityResponse, RemoveEntityRequest } from '../../../shared/api/admin.js';

const nameTaken = () => validationError('An entity with this name already exists', 'ALREADY_EXISTS');

/** An entity's audit entry: the entity is both its target and the entity it concerns. */
const audit = (actor: Actor, action: string, id: number, details: Record<string, unknown>) => ({
  ...auditedBy(actor),
  action,
  targetType: 'entity',
  targetId: id,
  entityId: id,
  details,
});

/**
 * 'Аyuntamiento de Carcaixent' with a Cyrillic А reads as the Latin one: refused like the same name (ALREADY_EXISTS),
 * on creation and on a rename (where the entity's own current name does not count).
 */
async function refuseLookalike(tx: Queryable, name: string, ownName?: string): Promise<void> {
  const others = (await entities.allEntityNames(tx)).filter((other) => other !== ownName);
  const lookalike = confusableWith(name, others);
  if (lookalike !== undefined) throw validationError(`An entity with a name that reads the same already exists: ${lookalike}`, 'ALREADY_EXISTS');
}
const hasSent = (campaigns: readonly { status: string }[]) => campaigns.some((c) => c.status === 'sent');

/**
 * Whether an entity's edit moves its sent campaigns to other territories (another province, so another community
 * maybe, or another population band): then the territorial sums must be rebuilt.
 */
export function editMovesSums(
  before: { provinceId: string; sizeBand: number },
  after: { provinceId: string; sizeBand: number },
  campaigns: readonly { status: string }[],
): boolean {
  return hasSent(campaigns) && (before.provinceId !== after.provinceId || before.sizeBand !== after.sizeBand);
}

/**
 * Whether removing an entity is allowed as asked: with sent campaigns only when `confirmName` is its exact name
 * (409 HAS_SENT_CAMPAIGNS without one, 422 when it differs); an entity without sent campaigns goes as it is.
 */
export function checkRemoval(entity: { name: string; campaigns: readonly { status: string }[] }, confirmName: string | undefined): void {
  if (!hasSent(entity.campaigns)) return;
  if (confirmName === undefined) {
    throw conflict('The entity has sent campaigns: archive it, or send its exact name as confirmName to delete it', 'HAS_SENT_CAMPAIGNS');
  }
  if (confirmName !== entity.name) throw validationError("The name typed is not the entity's name", { confirmName: 'ENTITIES.VALIDATION.CONFIRM_NAME' });
}

/**
 * The one province of the chosen municipalities. Unknown codes are a field error; municipalities of several
 * provinces are VALIDATION with data MULTIPLE_PROVINCES (an entity belongs to one province).
 */
export function singleProvince(requested: readonly string[], found: readonly { id: string; provinceId: string }[]): string {
  const known = new Set(found.map((m) => m.id));
  const unknown = requested.filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw validationError(`Unknown municipalities: ${unknown.join(', ')}`, { municipalities: 'ENTITIES.VALIDATION.UNKNOWN_MUNICIPALITY' });
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
    await refuseLookalike(tx, name);
    const id = await entities.insertEntity(tx, { name, nameKey: foldText(name), population: input.population, provinceId, municipalityIds });
    if (id === undefined) throw nameTaken();
    await recordAudit(tx, audit(actor, 'entity.create', id, { name, population: input.population, provinceId, municipalities: municipalityIds }));
    return { entity: (await entities.listEntities(tx, id))[0] };
  });
}

/**
 * Changes an entity's name, population and municipalities (one province, as in creation). Its sent campaigns count
 * in its province, community and population band: when the edit moves it to another province or band, the
 * territorial sums are rebuilt in the same transaction (their triggers renew the versions the report caches
 * check), as when the bands change. The entity and its campaigns are locked first, as a removal locks them.
 */
export async function updateEntity(
  db: Db,
  actor: Actor,
  id: number,
  input: { name: string; population: number; municipalities: string[] },
): Promise<CreateEntityResponse> {
  const municipalityIds = [...new Set(input.municipalities)];
  const name = input.name.trim();
  try {
    return await db.transaction(async (tx) => {
      const before = await entities.findEntityForUpdate(tx, id);
      if (!before) throw notFound('Entity');
      const provinceId = singleProvince(municipalityIds, await entities.municipalityProvinces(tx, municipalityIds));
      await refuseLookalike(tx, name, before.name);
      const { updated, sizeBand } = await entities.updateEntity(tx, id, {
        name,
        nameKey: foldText(name),
        population: input.population,
        provinceId,
        municipalityIds,
      });
      if (!updated) throw nameTaken();
      const moved = editMovesSums(before, { provinceId, sizeBand }, before.campaigns);
      if (moved) await rebuildTerritoryScores(tx);
      await recordAudit(
        tx,
        audit(actor, 'entity.update', id, {
          before: { name: before.name, population: before.population, provinceId: before.provinceId },
          after: { name, population: input.population, provinceId, municipalities: municipalityIds },
          sumsRebuilt: moved,
        }),
      );
      return { entity: (await entities.listEntities(tx, id))[0] };
    });
  } catch (err) {
    // Two entities renamed to one name at once: the unique key stops the second.
    throw isUniqueViolation(err) ? nameTaken() : err;
  }
}

/**
 * Archives (or restores) an entity: nothing is deleted, so its sent campaigns keep counting in every territorial
 * sum and report and stay readable by ADMIN and FEC; it only leaves the lists and pickers.
 */
export async function setArchived(db: Db, actor: Actor, id: number, archived: boolean): Promise<{ success: true }> {
  return db.transaction(async (tx) => {
    const entity = await entities.findEntityForUpdate(tx, id);
    if (!entity) throw notFound('Entity');
    if (entity.archived !== archived) {
      await entities.setEntityArchived(tx, id, archived);
      await recordAudit(tx, audit(actor, archived ? 'entity.archive' : 'entity.restore', id, { name: entity.name }));
    }
    return { success: true as const };
  });
}

/**
 * Removes an entity and, irreversibly, its campaigns. One with sent campaigns only with its exact name typed
 * (checkRemoval); otherwise it is archived. Sent campaigns counted in their province's, community's and
 * country's sums, so those are rebuilt in the same transaction.
 */
export async function removeEntity(db: Db, actor: Actor, { id, confirmName }: RemoveEntityRequest): Promise<{ success: true }> {
  return db.transaction(async (tx) => {
    const entity = await entities.findEntityForUpdate(tx, id);
    if (!entity) throw notFound('Entity');
    checkRemoval(entity, confirmName);
    const rebuilds = hasSent(entity.campaigns);
    // The sums' lock before the deletes write shared rows: in-flight submissions finish first (lockTerritorySums).
    if (rebuilds) await lockTerritorySums(tx);
    await entities.deleteEntity(tx, id);
    if (rebuilds) await rebuildTerritoryScores(tx);
    await recordAudit(tx, audit(actor, 'entity.remove', id, { name: entity.name, campaigns: entity.campaigns }));
    return { success: true as const };
  });
}
