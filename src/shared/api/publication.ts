import { Type, type Static, type TSchema } from 'typebox';
import { apiCall, Id, NoQuery, NullableNumber, Strict, type ApiCall } from './schema.js';
import { SizeBand } from './results.js';
import { CampaignIdQuery } from './campaigns.js';
import { FILE_TYPES } from '../csv.js';
import { SEAL_THRESHOLDS_MAX } from '../constants.js';

/**
 * Publication (docs/api.md, "Publication"): what anyone reads of final editions without signing in, under
 * /api/v1/public, and each entity's choice to make its own figures public. Only editions published as final are
 * public; territorial means are withheld below the edition's MIN_GROUP_SIZE as in the reports; an entity's own
 * figures only once it chose to publish them. Percentages are fractions 0..1, as everywhere in the API.
 */

/** An edition's year (its campaign number). */
const Year = Type.Integer({ minimum: 1, maximum: 9999 });

/** POST entities/publication: whether the entity's own figures are public (its members, ADMIN, FEC). */
export const PublicationRequest = Strict({ id: Id, publish: Type.Boolean() });
export type PublicationRequest = Static<typeof PublicationRequest>;

/** GET entities/publication/state: the entity asked. */
export const PublicationQuery = Strict({ id: Id });
export type PublicationQuery = Static<typeof PublicationQuery>;

/** An entity's choice, and who made it when (null until it was ever changed). */
export const EntityPublication = Type.Object({
  entityId: Type.Integer(),
  publish: Type.Boolean(),
  changedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  changedBy: Type.Union([Type.String(), Type.Null()]),
});
export type EntityPublication = Static<typeof EntityPublication>;

/** A final edition as the list of published editions shows it: its year, when it became final and its participation. */
export const PublicEditionSummary = Type.Object({
  year: Type.Integer(),
  finalPublishedAt: Type.String({ format: 'date-time' }),
  /** Entities whose campaign counts in the edition's figures, and entities registered when it became final. */
  participants: Type.Integer(),
  registered: Type.Integer(),
});
export type PublicEditionSummary = Static<typeof PublicEditionSummary>;

export const PublicEditions = Type.Object({ editions: Type.Array(PublicEditionSummary) });
export type PublicEditions = Static<typeof PublicEditions>;

/**
 * A territory's participation and mean global percentage (compared with participants, and with every registered
 * entity counting a missing campaign as 0); both null where withheld (fewer participants than minGroupSize) or
 * without participants.
 */
export const PublicTerritory = Type.Object({
  id: Type.String(),
  name: Type.String(),
  participants: Type.Integer(),
  registered: Type.Integer(),
  mean: NullableNumber,
  meanComparedToAll: NullableNumber,
  withheld: Type.Boolean(),
});
export type PublicTerritory = Static<typeof PublicTerritory>;

export const PublicProvince = Type.Object({ ...PublicTerritory.properties, communityId: Type.String() });
export type PublicProvince = Static<typeof PublicProvince>;

/** A mean over a territory's participants: theirs and the mean percentage (null where withheld); of an axis across Spain, or of one of a publishing entity's territories. */
export const PublicMean = Type.Object({ participants: Type.Integer(), mean: NullableNumber, withheld: Type.Boolean() });
export type PublicMean = Static<typeof PublicMean>;

/** An axis's mean percentage across Spain (participants' mean), null where withheld. */
export const PublicAxis = Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String(), ...PublicMean.properties });
export type PublicAxis = Static<typeof PublicAxis>;

/** A publishing entity's place when the edition became final. */
const PublicPlace = {
  provinceId: Type.String(),
  province: Type.String(),
  communityId: Type.String(),
  community: Type.String(),
  sizeBand: SizeBand,
};

/** A publishing entity's global percentage and its position among every participant of Spain (null where the country's figures are withheld). */
const PublicStanding = { percentage: Type.Number(), position: Type.Union([Type.Integer(), Type.Null()]) };

/**
 * A publishing entity in the ranking: its place when the edition became final, its global percentage and its
 * position among every participant of Spain ('Puesto 3 de 120': participants showing a higher percentage, plus
 * one; null where the country's figures are withheld).
 */
export const PublicRankingRow = Type.Object({
  entityId: Type.Integer(),
  entity: Type.String(),
  ...PublicPlace,
  ...PublicStanding,
});
export type PublicRankingRow = Static<typeof PublicRankingRow>;

/** GET /api/v1/public/edition?year=: a final edition's figures (404 for a year not published as final). */
export const PublicEditionQuery = Strict({ year: Year });
export type PublicEditionQuery = Static<typeof PublicEditionQuery>;

/** A final edition, when it became final and MIN_GROUP_SIZE as it was then. */
const FinalEdition = {
  year: Type.Integer(),
  finalPublishedAt: Type.String({ format: 'date-time' }),
  minGroupSize: Type.Integer({ minimum: 1 }),
};

export const PublicEdition = Type.Object({
  ...FinalEdition,
  /** Which campaigns the means are made from: every sent one, or only those a reviewer validated. */
  meansFrom: Type.Enum(['sent', 'validated']),
  country: PublicTerritory,
  communities: Type.Array(PublicTerritory),
  provinces: Type.Array(PublicProvince),
  axes: Type.Array(PublicAxis),
  /** The publishing entities, best first (ties by name); the participants not publishing are counted, not listed. */
  ranking: Type.Array(PublicRankingRow),
});
export type PublicEdition = Static<typeof PublicEdition>;

/** GET /api/v1/public/entity?year=&id=: a publishing entity's profile in a final edition (404 otherwise). */
export const PublicEntityQuery = Strict({ year: Year, id: Id });
export type PublicEntityQuery = Static<typeof PublicEntityQuery>;

/** The entity's territories' means of one group (the global score or an axis). */
export const PublicMeans = Type.Object({ province: PublicMean, autonomousCommunity: PublicMean, country: PublicMean, sizeBand: PublicMean });
export type PublicMeans = Static<typeof PublicMeans>;

export const PublicEntity = Type.Object({
  ...FinalEdition,
  entity: Type.Object({ id: Type.Integer(), name: Type.String(), ...PublicPlace }),
  ...PublicStanding,
  participants: Type.Integer(),
  means: PublicMeans,
  axes: Type.Array(Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String(), percentage: Type.Number(), means: PublicMeans })),
  /** Its global percentage in every final edition where its campaign counted, oldest first (this one included). */
  trend: Type.Array(Type.Object({ year: Type.Integer(), percentage: Type.Number() })),
  /** The seal its campaign holds in this edition (GET seal?code= verifies it), or null. */
  seal: Type.Union([Type.Object({ code: Type.String() }), Type.Null()]),
});
export type PublicEntity = Static<typeof PublicEntity>;

/** GET /api/v1/public/opendata?year=&format=: a final edition's open data as CSV or JSON (404 for a year not final). */
export const OpenDataQuery = Strict({ year: Year, format: Type.Enum(['csv', 'json']) });
export type OpenDataQuery = Static<typeof OpenDataQuery>;

/** The open data files' content types. */
export const OPEN_DATA_TYPES = { csv: FILE_TYPES.csv, json: 'application/json; charset=utf-8' } as const;

/** A seal threshold: up to maxPopulation inhabitants (null: no upper bound), the global percentage (0..1, in tenths of a percent: 0.855) to reach. */
export const SealThreshold = Strict({
  maxPopulation: Type.Union([Type.Integer({ minimum: 1, maximum: 100_000_000 }), Type.Null()]),
  minPercentage: Type.Number({ minimum: 0, maximum: 1 }),
});
export type SealThreshold = Static<typeof SealThreshold>;

/** POST editions/seal: an edition's seal thresholds, each band once (ADMIN; before the edition is final). */
export const SealRequest = Strict({ campaignNumber: Year, thresholds: Type.Array(SealThreshold, { maxItems: SEAL_THRESHOLDS_MAX }) });
export type SealRequest = Static<typeof SealRequest>;

export const SealThresholds = Type.Object({ campaignNumber: Type.Integer(), thresholds: Type.Array(SealThreshold) });
export type SealThresholds = Static<typeof SealThresholds>;

/** GET editions/seal/state?campaignNumber=: an edition's seal thresholds (who may see the editions). */
export const SealStateQuery = Strict({ campaignNumber: Year });
export type SealStateQuery = Static<typeof SealStateQuery>;

/**
 * GET campaigns/seal?id=: a campaign's seal as its entity sees it: the threshold of its population band in its
 * edition (null when the edition has none for it), its global percentage (null until sent) and the seal it holds
 * (granted when the edition becomes final, to a validated campaign reaching its threshold).
 */
export const CampaignSeal = Type.Object({
  year: Type.Integer(),
  final: Type.Boolean(),
  threshold: Type.Union([Type.Object({ maxPopulation: Type.Union([Type.Integer(), Type.Null()]), minPercentage: Type.Number() }), Type.Null()]),
  percentage: NullableNumber,
  /**
   * The percentage points its percentage lacks to the threshold, both as shown (one decimal, as the seal is granted:
   * 0 when it reaches it); null without a threshold or a percentage.
   */
  lackingPoints: NullableNumber,
  /**
   * The seal it holds, with its public addresses absolute from the server's PUBLIC_URL (what another site links to,
   * whatever address the app was opened at): the page that verifies it and its SVG badge.
   */
  seal: Type.Union([Type.Object({ code: Type.String(), pageUrl: Type.String(), badgeUrl: Type.String() }), Type.Null()]),
});
export type CampaignSeal = Static<typeof CampaignSeal>;

/** GET /api/v1/public/seal?code= and sealBadge?code=: a seal's code, 32 hexadecimal digits. */
export const SealQuery = Strict({ code: Type.String({ pattern: '^[0-9a-f]{32}$' }) });
export type SealQuery = Static<typeof SealQuery>;

/**
 * A seal as anyone verifies it: whose (and whether the entity publishes its figures, so that its public profile
 * exists), which edition, the percentage it had and the threshold it reached.
 */
export const PublicSeal = Type.Object({
  code: Type.String(),
  entity: Type.Object({ id: Type.Integer(), name: Type.String(), publishes: Type.Boolean() }),
  year: Type.Integer(),
  percentage: Type.Number(),
  minPercentage: Type.Number(),
  maxPopulation: Type.Union([Type.Integer(), Type.Null()]),
  grantedAt: Type.String({ format: 'date-time' }),
});
export type PublicSeal = Static<typeof PublicSeal>;

/** The seal badge's content type. */
export const SEAL_BADGE_TYPE = 'image/svg+xml; charset=utf-8';

/** The catalogue's content type: JSON-LD. */
export const CATALOG_TYPE = 'application/ld+json; charset=utf-8';

/** A call of the public pages and open data: a GET under /api/v1/public that anyone may make. */
function publicRead<Q extends TSchema, R extends TSchema>(name: string, call: Pick<ApiCall<Q, TSchema, R>, 'querystring' | 'response' | 'summary' | 'file'>) {
  return apiCall({ method: 'GET', url: `/api/v1/public/${name}`, access: 'public', ...call });
}

/** The public calls (no authentication) and the entity's choice (signed in). */
export const publicationCalls = {
  editions: publicRead('editions', {
    querystring: NoQuery,
    response: PublicEditions,
    summary: 'The editions published as final, newest first, with their participation (no authentication)',
  }),
  edition: publicRead('edition', {
    querystring: PublicEditionQuery,
    response: PublicEdition,
    summary:
      "A final edition's participation and means by community and province, its axes' means and the ranking of the entities that publish their figures (no authentication; 404 for a year not final)",
  }),
  entity: publicRead('entity', {
    querystring: PublicEntityQuery,
    response: PublicEntity,
    summary:
      "A publishing entity's figures in a final edition against its territories, and its trend (no authentication; 404 when it does not publish or has no counted campaign that year)",
  }),
  openData: publicRead('opendata', {
    querystring: OpenDataQuery,
    response: Type.String({ format: 'binary' }),
    file: OPEN_DATA_TYPES,
    summary:
      "A final edition's open data under CC BY 4.0: every publishing entity's percentages and every territory's means with their n, for the whole questionnaire, each axis and each policy (no authentication; 404 for a year not final)",
  }),
  catalog: publicRead('catalog', {
    querystring: NoQuery,
    response: Type.String({ format: 'binary' }),
    file: { jsonld: CATALOG_TYPE },
    summary: 'The open data catalogue as DCAT-AP 2 JSON-LD: one dataset per final edition with its CSV and JSON distributions (no authentication)',
  }),
  seal: publicRead('seal', {
    querystring: SealQuery,
    response: PublicSeal,
    summary: 'Verifies a seal: the entity, the edition, its percentage and the threshold it reached (no authentication; 404 for an unknown code)',
  }),
  sealBadge: publicRead('sealBadge', {
    querystring: SealQuery,
    response: Type.String({ format: 'binary' }),
    file: { svg: SEAL_BADGE_TYPE },
    summary: "A seal's badge as SVG, to show on the entity's website (no authentication; 404 for an unknown code)",
  }),
  setSeal: apiCall({
    method: 'POST',
    url: '/editions/seal',
    access: 'user',
    querystring: NoQuery,
    body: SealRequest,
    response: SealThresholds,
    summary:
      "Sets an edition's seal thresholds per population band (ADMIN; 409 EDITION_FINAL once final): its validated campaigns reaching theirs get a seal when it becomes final",
  }),
  getSeal: apiCall({
    method: 'GET',
    url: '/editions/seal/state',
    access: 'user',
    querystring: SealStateQuery,
    response: SealThresholds,
    summary: "An edition's seal thresholds per population band (who may see the editions; 422 for an unknown year)",
  }),
  campaignSeal: apiCall({
    method: 'GET',
    url: '/campaigns/seal',
    access: 'user',
    querystring: CampaignIdQuery,
    response: CampaignSeal,
    summary: "A campaign's seal: its band's threshold, its percentage and the seal it holds (the entity's members, ADMIN, FEC)",
  }),
  getPublication: apiCall({
    method: 'GET',
    url: '/entities/publication/state',
    access: 'user',
    querystring: PublicationQuery,
    response: EntityPublication,
    summary: "Whether the entity's own figures are public (its members, ADMIN, FEC)",
  }),
  setPublication: apiCall({
    method: 'POST',
    url: '/entities/publication',
    access: 'user',
    querystring: NoQuery,
    body: PublicationRequest,
    response: EntityPublication,
    summary: "Makes the entity's own figures of final editions public, or private again (its members, ADMIN, FEC)",
  }),
};
