import { Type, type Static } from 'typebox';
import { apiCall, NoQuery, NullableNumber } from './schema.js';
import { CampaignIdBody, CampaignIdQuery, IndicatorGroup, ReviewStatus, TextTranslations } from './campaigns.js';
import { MEANS_FROM } from '../constants.js';

/** The result and comparison payloads of docs/scoring.md. Percentages are fractions 0..1; null is a dash. */

export type Level = 'campaign' | 'province' | 'autonomousCommunity' | 'country' | 'sizeBand';
/** The levels whose figure is a mean over entities: every level but the campaign itself. */
export type TerritoryLevel = Exclude<Level, 'campaign'>;

/**
 * One figure per level: the campaign, its province, its community, the country, and the entities of its
 * population band across the country ('Entidades de tamaño similar').
 */
export const ByLevel = Type.Object({
  campaign: NullableNumber,
  province: NullableNumber,
  autonomousCommunity: NullableNumber,
  country: NullableNumber,
  sizeBand: NullableNumber,
});
export type ByLevel = Static<typeof ByLevel>;

/** A population band (SIZE_BANDS): entities of minPopulation to maxPopulation inhabitants; maxPopulation null has no upper bound. */
export const SizeBand = Type.Object({ minPopulation: Type.Integer({ minimum: 1 }), maxPopulation: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]) });
export type SizeBand = Static<typeof SizeBand>;

/** Where the campaign stands among a territory's participants: 'Puesto 4 de 12'. Ties (the same percentage to one decimal) share a position. */
export const Rank = Type.Object({ position: Type.Integer({ minimum: 1 }), of: Type.Integer({ minimum: 1 }) });
export type Rank = Static<typeof Rank>;
const NullableRank = Type.Union([Rank, Type.Null()]);

/** A rank per territory; null where the territory's mean is withheld (MIN_GROUP_SIZE) or has no participant. */
export const Ranks = Type.Object({ province: NullableRank, autonomousCommunity: NullableRank, country: NullableRank, sizeBand: NullableRank });
export type Ranks = Static<typeof Ranks>;

const Count = Type.Integer({ minimum: 0 });

/**
 * How many entities each territory's mean is built from (docs/scoring.md), in each comparison mode: its
 * participants (entities with a sent campaign in the edition), or, compared to all, every entity registered
 * there (never fewer than the participants). A mean with 0 participants is null.
 */
const SizeByTerritory = Type.Object({ province: Count, autonomousCommunity: Count, country: Count, sizeBand: Count });
export const MeanSizes = Type.Object({ participants: SizeByTerritory, comparedToAll: SizeByTerritory });
export type MeanSizes = Static<typeof MeanSizes>;

/**
 * A group's own sizes (docs/scoring.md, "No aplica"): its territories' sizes less the participants that answered the
 * whole group 'No aplica'; where they differ from the edition's sizes, the report shows the group's beside its mean.
 */
const GroupSizes = { sizes: MeanSizes };

export const PolicyFigures = Type.Object({
  policyText: Type.String(),
  /** Its name in other languages (shared/editionTexts.ts). */
  translations: TextTranslations,
  percentages: ByLevel,
  percentagesComparedToAll: ByLevel,
  values: Type.Optional(ByLevel),
  valuesComparedToAll: Type.Optional(ByLevel),
  ...GroupSizes,
});
export type PolicyFigures = Static<typeof PolicyFigures>;

/** A block's figures (the whole questionnaire or an axis): percentages and points per level, and its percentage's rank among each territory's participants. */
const RankedFigures = {
  percentages: ByLevel,
  percentagesComparedToAll: ByLevel,
  values: ByLevel,
  valuesComparedToAll: ByLevel,
  rank: Ranks,
  ...GroupSizes,
};

export const AxisDetail = Type.Object({ axisText: Type.String(), translations: TextTranslations, ...RankedFigures, valuesByPolicy: Type.Array(PolicyFigures) });
export type AxisDetail = Static<typeof AxisDetail>;

/** A group's points and percentage; the percentage is null where the entity answered the whole group 'No aplica' (its points are then 0). */
export const ValueAndPercentage = Type.Object({ value: Type.Number(), percentage: NullableNumber });
export type ValueAndPercentage = Static<typeof ValueAndPercentage>;

export const TablePolicy = Type.Object({ ...ValueAndPercentage.properties, valuesByMeasure: Type.Record(Type.String(), ValueAndPercentage) });
export type TablePolicy = Static<typeof TablePolicy>;

export const TableAxis = Type.Object({ ...ValueAndPercentage.properties, valuesByPolicy: Type.Record(Type.String(), TablePolicy) });
export type TableAxis = Static<typeof TableAxis>;

const Texts = Type.Record(Type.String(), Type.String());

/** The data of result's and comparison's 409 when the campaign has not been sent: retrying cannot help. */
export const CAMPAIGN_NOT_SENT = 'CAMPAIGN_NOT_SENT';

/** Why a shared link that worked no longer does: INVALID_TOKEN's `data.reason` (a link merely wrong has none). */
export type ClosedShareLinkReason = 'SHARE_LINK_REVOKED' | 'SHARE_LINK_EXPIRED';

const TerritoryLevelName = Type.Union([Type.Literal('province'), Type.Literal('autonomousCommunity'), Type.Literal('country'), Type.Literal('sizeBand')]);

/**
 * Territories whose means (and ranks) are not sent: built from fewer participants than the response's
 * minGroupSize (MIN_GROUP_SIZE), so that no entity's score can be worked out from another's report. Their
 * figures are null in both modes; their sizes are still sent.
 */
const Withheld = Type.Array(TerritoryLevelName, { uniqueItems: true });

/** The edition a report's figures belong to: its year (the campaign number, 2026), the size of each territorial mean and the means withheld. */
export const ReportEdition = Type.Object({ year: Type.Integer(), sizes: MeanSizes, withheld: Withheld });
export type ReportEdition = Static<typeof ReportEdition>;

/** The fewest participants a territorial mean is shown for (MIN_GROUP_SIZE; 1: every mean is shown). */
const MinGroupSize = Type.Integer({ minimum: 1 });

/**
 * The names of the entity and of its territories, as reports show them. The size band has no name here:
 * the client words it from sizeBand in the reader's language.
 */
export const TerritoryTexts = Type.Object({ campaign: Type.String(), province: Type.String(), autonomousCommunity: Type.String(), country: Type.String() });
export type TerritoryTexts = Static<typeof TerritoryTexts>;

/** GET campaigns/result (docs/scoring.md, Result response). */
/**
 * Where a report's campaign's review stands: its figures are provisional until `validated` (docs/api.md, "Review"),
 * and when it was validated (null until then).
 */
const ReportReview = {
  reviewStatus: ReviewStatus,
  validatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /**
   * Which campaigns the edition's means are made from (scoring.md, "Means from validated campaigns"): every sent
   * one, or only validated ones (then the country's mean size is how many are validated).
   */
  meansFrom: Type.Enum(MEANS_FROM),
  /** When the edition's results were published as final (scoring.md, "Final results"): null while they are provisional. */
  finalPublishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /**
   * The code and SHA-256 of the campaign's latest signed submission (docs/api.md, "Receipts"), which every report of
   * it prints; null for a campaign sent before receipts were made.
   */
  receipt: Type.Union([Type.Object({ code: Type.String(), sha256: Type.String() }), Type.Null()]),
};

export const ResultResponse = Type.Object({
  /** The whole questionnaire: percentages and points per level (points added in this version beside docs/scoring.md's percentages). */
  global: Type.Object({ ...RankedFigures, valuesByPolicy: Type.Array(PolicyFigures) }),
  axisDetails: Type.Array(AxisDetail),
  territoryTexts: TerritoryTexts,
  /** The entity's population band: its 'Entidades de tamaño similar'. */
  sizeBand: SizeBand,
  /** The campaign's edition: its year, how many entities each territory's mean is built from, and the means withheld. */
  edition: ReportEdition,
  minGroupSize: MinGroupSize,
  ...ReportReview,
  table: Type.Object({
    valuesPerAxis: Type.Record(Type.String(), TableAxis),
    texts: Type.Object({
      axis: Texts,
      policy: Texts,
      measure: Texts,
      /** The same names in each language some are translated into, whole (shared/editionTexts.ts). */
      translations: Type.Optional(Type.Record(Type.String(), Type.Object({ axis: Texts, policy: Texts, measure: Texts }))),
    }),
  }),
  answers: Type.Object({ campaign: Type.Object({ indicators: Type.Array(IndicatorGroup) }) }),
});
export type ResultResponse = Static<typeof ResultResponse>;

/** The levels a comparison shows: the entity, its province, its autonomous community and its size band. */
export type ComparisonLevel = 'campaign' | 'province' | 'autonomousCommunity' | 'sizeBand';

const ComparisonFigures = Type.Object({ campaign: NullableNumber, province: NullableNumber, autonomousCommunity: NullableNumber, sizeBand: NullableNumber });

/** One policy of a comparison: percentages (null without participants) in both comparison modes. */
export const ComparisonPolicy = Type.Object({
  policyText: Type.String(),
  /** Its name in other languages (shared/editionTexts.ts). */
  translations: TextTranslations,
  percentages: ComparisonFigures,
  /** The same figures over every registered entity of the territory, non-participants counting 0. */
  percentagesComparedToAll: ComparisonFigures,
  /**
   * On the current edition's policies when there is a previous campaign: true when the policy's questions or
   * points differ between the two editions (catalogue/diff.ts), so that its figures do not compare like for like.
   */
  contentChanged: Type.Optional(Type.Boolean()),
});
export type ComparisonPolicy = Static<typeof ComparisonPolicy>;

export const ComparisonAxis = Type.Object({ axisText: Type.String(), translations: TextTranslations, valuesByPolicy: Type.Array(ComparisonPolicy) });
export type ComparisonAxis = Static<typeof ComparisonAxis>;

/**
 * GET campaigns/comparison (docs/scoring.md): the campaign's figures, and those of the entity's latest sent
 * campaign of an earlier edition with that edition's territorial figures; previous is null when there is none.
 * Added beside docs/scoring.md's two lists: the entity's and territories' names, and each edition's year and mean
 * sizes (country sizes are 0: a comparison has no country figures), and the means withheld.
 */
export const ComparisonResponse = Type.Object({
  current: Type.Array(ComparisonAxis),
  previous: Type.Union([Type.Array(ComparisonAxis), Type.Null()]),
  territoryTexts: TerritoryTexts,
  sizeBand: SizeBand,
  editions: Type.Object({ current: ReportEdition, previous: Type.Union([ReportEdition, Type.Null()]) }),
  minGroupSize: MinGroupSize,
  /** Of the current campaign. */
  ...ReportReview,
});
export type ComparisonResponse = Static<typeof ComparisonResponse>;

/** One line of a trend: the global score or an axis, in both comparison modes (fractions 0..1, null: no figure). */
export const TrendFigures = Type.Object({ percentages: ByLevel, percentagesComparedToAll: ByLevel });
export type TrendFigures = Static<typeof TrendFigures>;

/** One sent campaign of the entity in a trend: its edition's year, its global and per-axis figures, and each mean's size. */
export const TrendEdition = Type.Object({
  year: Type.Integer(),
  campaignId: Type.Integer(),
  global: TrendFigures,
  axes: Type.Array(Type.Object({ axisText: Type.String(), ...TrendFigures.properties })),
  sizes: MeanSizes,
  withheld: Withheld,
});
export type TrendEdition = Static<typeof TrendEdition>;

/**
 * GET campaigns/trend: every sent campaign of the campaign's entity in its edition and the earlier ones, oldest
 * first, each beside its own edition's province, community, country and size band means (the entity's territories and band of
 * today). axisTexts lists every axis once, in the latest edition's order and then the earlier ones': editions
 * are matched by the axis's name. axisNames gives each such name as the screens show it, and translations the same
 * map whole in each language some axis is translated into (shared/editionTexts.ts).
 */
const AxisNames = Type.Record(Type.String(), Type.String());
export const TrendResponse = Type.Object({
  territoryTexts: TerritoryTexts,
  sizeBand: SizeBand,
  minGroupSize: MinGroupSize,
  axisTexts: Type.Array(Type.String()),
  axisNames: AxisNames,
  translations: Type.Optional(Type.Record(Type.String(), Type.Object({ axisNames: AxisNames }))),
  editions: Type.Array(TrendEdition),
});
export type TrendResponse = Static<typeof TrendResponse>;

/** The two links of one share token, and when that token expires (SHARE_TOKEN_TTL after it was made). */
export const ShareResponse = Type.Object({ urlResults: Type.String(), urlComparisons: Type.String(), expiresAt: Type.String({ format: 'date-time' }) });
export type ShareResponse = Static<typeof ShareResponse>;

/** The report calls, under /api/secure/v1. Result, answers, comparison and trend also accept a share link's token. */
export const reportCalls = {
  result: apiCall({
    method: 'GET',
    url: '/campaigns/result',
    access: 'userOrShare',
    querystring: CampaignIdQuery,
    response: ResultResponse,
    summary: "A sent campaign's scores beside its province, community and country (409 CAMPAIGN_NOT_SENT when not sent)",
  }),
  answers: apiCall({
    method: 'GET',
    url: '/campaigns/answers',
    access: 'userOrShare',
    querystring: CampaignIdQuery,
    response: Type.Object({ campaign: Type.Object({ indicators: Type.Array(IndicatorGroup) }) }),
    summary: "A campaign's questionnaire with its answers, read-only",
  }),
  comparison: apiCall({
    method: 'GET',
    url: '/campaigns/comparison',
    access: 'userOrShare',
    querystring: CampaignIdQuery,
    response: ComparisonResponse,
    summary: "A sent campaign's figures beside the entity's previous sent campaign (409 CAMPAIGN_NOT_SENT when not sent)",
  }),
  trend: apiCall({
    method: 'GET',
    url: '/campaigns/trend',
    access: 'userOrShare',
    querystring: CampaignIdQuery,
    response: TrendResponse,
    summary:
      "The entity's global and per-axis percentages in every sent edition up to this campaign's, beside each edition's territorial means (409 CAMPAIGN_NOT_SENT when not sent)",
  }),
  share: apiCall({
    method: 'POST',
    url: '/campaigns/share',
    access: 'user',
    querystring: NoQuery,
    body: CampaignIdBody,
    response: ShareResponse,
    summary: 'A read-only link to the report, valid SHARE_TOKEN_TTL seconds',
  }),
  unshare: apiCall({
    method: 'POST',
    url: '/campaigns/unshare',
    access: 'user',
    querystring: NoQuery,
    body: CampaignIdBody,
    response: Type.Object({ revoked: Type.Integer() }),
    summary: 'Every live shared link of the campaign stops working',
  }),
};
