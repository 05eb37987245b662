import type { Db, Queryable } from '../../db/client.js';
import type {
  CampaignSeal,
  EntityPublication,
  PublicEdition,
  PublicEditions,
  PublicEntity,
  PublicSeal,
  SealRequest,
  SealThresholds,
} from '../../../shared/api/publication.js';
import * as repo from '../../db/repositories/publication.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { notFound, validationError } from '../../errors.js';
import { findEditionByNumber } from '../../db/repositories/editionExport.js';
import { lockChangeableEdition, unknownEditionYear } from '../editions.js';
import { sealThresholdsProblem, sortedThresholds } from './seals.js';
import { auditedBy, type Actor } from '../actor.js';
import { canReadEntity, requireReadableCampaign } from '../campaigns/rules.js';
import { openDataOf, type OpenData } from './openData.js';
import { dcatCatalog } from './catalog.js';
import { cellKey, withheldByGroup } from './disclosure.js';
import { placeMeans, positionOf, publicAxes, publicTerritories, publishedPlace, rankingRow } from './publicFigures.js';
import { PUBLIC_PATHS } from './publicPages.js';

/**
 * Publication (docs/api.md, "Publication"): the public answers of final editions, read from their frozen figures
 * (publicFigures.ts applies the edition's MIN_GROUP_SIZE), and each entity's choice to publish its own figures.
 * Nothing of an edition not final, nor of an entity that does not publish, is read here.
 */

/** Whether an entity's figures are public: its members, ADMIN and FEC may read and change it (404 for anyone else). */
function requireEntityOfCaller(actor: Actor, entityId: number): void {
  if (!canReadEntity(actor.user, entityId)) throw notFound('Entity');
}

/** An entity's choice to publish its own figures. */
export async function entityPublication(q: Queryable, actor: Actor, entityId: number): Promise<EntityPublication> {
  requireEntityOfCaller(actor, entityId);
  const publication = await repo.findEntityPublication(q, entityId);
  if (!publication) throw notFound('Entity');
  return publication;
}

/** Makes an entity's own figures of final editions public, or private again (audited when it changes). */
export async function setEntityPublication(db: Db, actor: Actor, entityId: number, publish: boolean): Promise<EntityPublication> {
  requireEntityOfCaller(actor, entityId);
  return db.transaction(async (tx) => {
    const before = await repo.findEntityPublication(tx, entityId);
    if (!before) throw notFound('Entity');
    if (before.publish === publish) return before;
    const after = await repo.writeEntityPublication(tx, entityId, publish, actor.user.email);
    if (!after) throw notFound('Entity');
    await recordAudit(tx, { ...auditedBy(actor), action: 'entity.publication', targetType: 'entity', targetId: entityId, entityId, details: { publish } });
    return after;
  });
}

/** The editions published as final, newest first, with their participation. */
export async function publicEditions(q: Queryable): Promise<PublicEditions> {
  const editions = await repo.listFinalEditions(q);
  return { editions: editions.map(({ year, finalPublishedAt, participants, registered }) => ({ year, finalPublishedAt, participants, registered })) };
}

/** The final edition of that year (404 when the year is not published as final). */
async function requireFinalEdition(q: Queryable, year: number) {
  const edition = await repo.findFinalEdition(q, year);
  if (!edition) throw notFound('Edition');
  return edition;
}

/** A final edition's territories, axes and the ranking of its publishing entities. */
export async function publicEdition(q: Queryable, year: number): Promise<PublicEdition> {
  const edition = await requireFinalEdition(q, year);
  const withheld = await withheldOf(q, edition);
  const territories = publicTerritories(await repo.readTerritorySums(q, edition.id), edition.minGroupSize, withheld('total', 0));
  const countryWithheld = territories.country.withheld;
  return {
    year: edition.year,
    finalPublishedAt: edition.finalPublishedAt,
    minGroupSize: edition.minGroupSize,
    meansFrom: edition.meansFrom,
    ...territories,
    axes: publicAxes(await repo.readEditionAxes(q, edition.id), (axis) => countryWithheld || withheld('axis', axis).has(cellKey('country', 'ES'))),
    ranking: (await repo.readPublishedCampaigns(q, edition.id)).map((row) => rankingRow(row, countryWithheld)),
  };
}

/** A publishing entity's figures in a final edition against its territories, and its trend (404 otherwise). */
export async function publicEntity(q: Queryable, year: number, entityId: number): Promise<PublicEntity> {
  const edition = await requireFinalEdition(q, year);
  const campaign = await repo.findPublishedCampaign(q, edition.id, entityId);
  if (!campaign) throw notFound('Entity');
  const sums = await repo.readPlaceSums(q, edition.id, campaign);
  const withheld = await withheldOf(q, edition);
  const ids = { province: campaign.provinceId, autonomousCommunity: campaign.communityId, country: 'ES', sizeBand: String(campaign.sizeBand) };
  const hiddenIn = (scope: string, categoryId: number) => (territory: keyof typeof ids) => withheld(scope, categoryId).has(cellKey(territory, ids[territory]));
  const means = placeMeans(sums, { scope: 'total', categoryId: 0 }, edition.minGroupSize, hiddenIn('total', 0));
  return {
    year: edition.year,
    finalPublishedAt: edition.finalPublishedAt,
    minGroupSize: edition.minGroupSize,
    entity: { id: campaign.entityId, name: campaign.entity, ...publishedPlace(campaign) },
    percentage: campaign.percentage,
    position: positionOf(campaign.above, means.country.withheld),
    participants: edition.participants,
    means,
    axes: (await repo.readAxisScores(q, campaign.campaignId)).map((axis) => ({
      ...axis,
      means: placeMeans(sums, { scope: 'axis', categoryId: axis.id }, edition.minGroupSize, hiddenIn('axis', axis.id)),
    })),
    trend: await repo.readFinalTrend(q, entityId),
    seal: await sealCodeOf(q, campaign.campaignId),
  };
}

/** A final edition's open data (openData.ts), attributed as given (404 for a year not final). */
export async function openData(q: Queryable, year: number, attribution: string): Promise<OpenData> {
  const edition = await requireFinalEdition(q, year);
  return openDataOf({
    edition,
    attribution,
    groups: await repo.readEditionGroups(q, edition.id),
    sums: await repo.readTerritoryGroupSums(q, edition.id),
    bands: await repo.readFinalSizeBands(q, edition.id),
    campaigns: await repo.readPublishedCampaigns(q, edition.id),
    scores: await repo.readPublishedScores(q, edition.id),
    withheld: await withheldOf(q, edition),
  });
}

/** The open data catalogue (catalog.ts) of every final edition. */
export async function openDataCatalog(q: Queryable, publicUrl: string): Promise<Record<string, unknown>> {
  return dcatCatalog(publicUrl, await repo.listFinalEditions(q));
}

/** The code of the seal a campaign holds, or null. */
async function sealCodeOf(q: Queryable, campaignId: number): Promise<{ code: string } | null> {
  const seal = await repo.findSealOfCampaign(q, campaignId);
  return seal ? { code: seal.code } : null;
}

/** Sets an edition's seal thresholds (422 for an unknown year or a band twice; 409 EDITION_FINAL once final), audited. */
export async function setSealThresholds(db: Db, actor: Actor, input: SealRequest): Promise<SealThresholds> {
  const problem = sealThresholdsProblem(input.thresholds);
  if (problem) throw validationError(`Invalid thresholds: ${problem}`, { thresholds: problem });
  return db.transaction(async (tx) => {
    const edition = await lockChangeableEdition(tx, input.campaignNumber);
    const thresholds = sortedThresholds(input.thresholds);
    await repo.writeSealThresholds(tx, edition.id, thresholds);
    await recordAudit(tx, {
      ...auditedBy(actor),
      action: 'edition.seal',
      targetType: 'edition',
      targetId: edition.id,
      details: { year: input.campaignNumber, thresholds },
    });
    return { campaignNumber: input.campaignNumber, thresholds };
  });
}

/** An edition's seal thresholds (422 for an unknown year, as setting them). */
export async function sealThresholdsOf(q: Queryable, year: number): Promise<SealThresholds> {
  const edition = await findEditionByNumber(q, year);
  if (!edition) throw unknownEditionYear();
  return { campaignNumber: year, thresholds: await repo.readSealThresholds(q, edition.id) };
}

/** A campaign's seal as its entity sees it, its addresses absolute from `publicUrl` (404 for a campaign the caller may not read). */
export async function campaignSeal(q: Queryable, actor: Actor, campaignId: number, publicUrl: string): Promise<CampaignSeal> {
  const row = requireReadableCampaign(actor.user, await repo.readCampaignSeal(q, campaignId));
  return {
    year: row.year,
    final: row.final,
    threshold: row.minPercentage === null ? null : { maxPopulation: row.maxPopulation, minPercentage: row.minPercentage },
    percentage: row.percentage,
    lackingPoints: row.lackingTenths === null ? null : row.lackingTenths / 10,
    seal:
      row.code === null
        ? null
        : { code: row.code, pageUrl: `${publicUrl}${PUBLIC_PATHS.seal(row.code)}`, badgeUrl: `${publicUrl}${PUBLIC_PATHS.sealBadge(row.code)}` },
  };
}

/** A seal as anyone verifies it (404 for an unknown code). */
export async function publicSeal(q: Queryable, code: string): Promise<PublicSeal> {
  const seal = await requireSeal(q, code);
  const { entityId, entity, publishes, ...rest } = seal;
  return { ...rest, entity: { id: entityId, name: entity, publishes } };
}

/** The seal of that code (404 when there is none). */
export async function requireSeal(q: Queryable, code: string): Promise<repo.SealRow> {
  const seal = await repo.findSeal(q, code);
  if (!seal) throw notFound('Seal');
  return seal;
}

/** The cells of a final edition withheld beyond MIN_GROUP_SIZE's, per group (disclosure.ts). */
async function withheldOf(q: Queryable, edition: { id: number; minGroupSize: number }) {
  return withheldByGroup(await repo.readDisclosureRows(q, edition.id), await repo.readProvinceCommunities(q), edition.minGroupSize);
}
