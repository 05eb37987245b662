import type { Queryable } from '../db/client.js';
import type { CampaignPlace } from '../db/repositories/resultQueries.js';
import { findPreviousSentCampaign } from '../db/repositories/comparisonQueries.js';
import { loadEditionIndicators } from '../db/repositories/questionnaires.js';
import type { ComparisonResponse, TrendResponse } from '../../shared/api/results.js';
import { campaignComparison } from './comparison.js';
import { campaignTrend } from './trend.js';
import { QuestionnaireCache } from './questionnaireCache.js';
import { EditionChanges } from './editionChanges.js';
import { campaignQuestionnaire, type CampaignQuestionnaire } from './questionnaires.js';
import { comparisonPartsVersion, comparisonVersion, encodeResult, minGroupSizeOf, resultPartsVersion, resultVersion } from './reportBodies.js';
import { ReportParts, placePartVersions, splitTerritoryVersions, type BytesKept, type WarmedParts } from './reportParts.js';
import { ReportCache, type ReportBody } from './reportCache.js';

/**
 * The report engine as the routes see it, one per app: a sent campaign's result and comparison bodies, and a
 * campaign's answered questionnaire, over the questionnaire cache and the report cache (see README.md).
 * The caller has checked who may read the campaign and that it is sent.
 */
export class ReportEngine {
  /** Each edition's questionnaire, loaded once per process and checked against the catalogue version. */
  readonly questionnaires: QuestionnaireCache;
  /** The result and comparison bodies (read by the metrics). */
  readonly bodies: ReportCache;
  /** Which policies changed between two editions, for the comparison's marks. */
  private readonly changes: EditionChanges;
  /**
   * The parts bodies are assembled from (reportParts.ts), each kept under its own version; undefined when the
   * report cache keeps nothing (reportCacheBytes 0): then every body is built from one statement (encodeResult,
   * scopeFigures), the reference that tests compare assembled bodies with.
   */
  private readonly parts: ReportParts | undefined;

  /**
   * reportCacheBytes bounds the report cache (REPORT_CACHE_BYTES by default); 0 keeps nothing. Means built from
   * fewer participants than minGroupSize (MIN_GROUP_SIZE) are withheld from every report.
   */
  constructor(
    private readonly db: Queryable,
    private readonly minGroupSize: number,
    reportCacheBytes?: number,
  ) {
    this.questionnaires = new QuestionnaireCache((editionId, q) => loadEditionIndicators(q ?? db, editionId));
    this.bodies = new ReportCache(reportCacheBytes);
    this.changes = new EditionChanges(db);
    this.parts = reportCacheBytes === 0 ? undefined : new ReportParts(db);
  }

  /**
   * A sent campaign's result response, envelope included: kept while its version holds, else assembled from its
   * parts (each read again only when its own version changed), or without parts built by encodeResult.
   */
  result(place: CampaignPlace): Promise<ReportBody> {
    const parts = this.parts;
    if (!parts)
      return this.bodies.get(`result:${place.campaignId}`, resultVersion(place), () =>
        encodeResult(this.db, this.questionnaires, place, minGroupSizeOf(place, this.minGroupSize)),
      );
    return this.bodies.get(`result:${place.campaignId}`, resultPartsVersion(place), async () =>
      parts.result(place, await this.questionnaires.get(place.editionId, place.catalogueVersion), minGroupSizeOf(place, this.minGroupSize)),
    );
  }

  /**
   * A sent campaign's comparison response beside the entity's previous sent campaign, envelope included; encode
   * is the route's schema serializer. Kept while its version (with which campaign is the previous one) holds.
   */
  async comparison(place: CampaignPlace, encode: (body: { response: ComparisonResponse }) => Buffer): Promise<ReportBody> {
    const previous = await findPreviousSentCampaign(this.db, place);
    const changed = (a: number, b: number, v: string) => this.changes.changedPolicies(a, b, v);
    const minGroupSize = minGroupSizeOf(place, this.minGroupSize);
    const parts = this.parts;
    if (!parts) {
      return this.bodies.get(`comparison:${place.campaignId}`, comparisonVersion(place, previous), async () =>
        encode({ response: await campaignComparison(this.db, this.questionnaires, place, previous, minGroupSize, changed) }),
      );
    }
    const versions = {
      current: placePartVersions(place),
      previous:
        previous.previous &&
        (() => {
          const [scores, ...territories] = previous.previous.partsVersion.split(' ');
          return { scores, territories: splitTerritoryVersions(territories.join(' ')), registered: place.registeredVersion };
        })(),
    };
    return this.bodies.get(`comparison:${place.campaignId}`, comparisonPartsVersion(place, previous), async () =>
      encode({
        response: await campaignComparison(this.db, this.questionnaires, place, previous, minGroupSize, changed, (scope, which) =>
          parts.policyFigures(scope, which === 'current' ? versions.current : versions.previous!, minGroupSize),
        ),
      }),
    );
  }

  /** The bytes the report parts hold and their bounds, by kind (none without parts), for the metrics. */
  get keptParts(): Record<string, BytesKept> {
    return this.parts?.kept ?? {};
  }

  /**
   * Reads ahead the report parts the first reads of the newest editions will need (ReportParts.warm), until
   * stopped() is true; nothing when no parts are kept.
   */
  warm(stopped?: () => boolean): Promise<WarmedParts | undefined> {
    return this.parts ? this.parts.warm(stopped) : Promise.resolve(undefined);
  }

  /**
   * The trend of a sent campaign's entity across its editions. Not kept in the report cache: it is one statement
   * of a few dozen rows per edition (readTrendInputs) and a small body, and the version that would make a kept
   * copy safe (every edition's figures version) takes a statement to read as well.
   */
  trend(place: CampaignPlace): Promise<TrendResponse> {
    return campaignTrend(this.db, this.questionnaires, place, this.minGroupSize);
  }

  /** A campaign's questionnaire (cached) with its answers (read now); undefined when there is no such campaign. */
  campaignQuestionnaire(campaignId: number): Promise<CampaignQuestionnaire | undefined> {
    return campaignQuestionnaire(this.db, this.questionnaires, campaignId);
  }
}
