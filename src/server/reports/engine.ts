import type { Queryable } from '../db/client.js';
import { findComparisonPlace, type ComparisonPlace } from '../db/repositories/comparisonQueries.js';
import { loadEditionIndicators } from '../db/repositories/questionnaires.js';
import type { ComparisonResponse, TrendResponse } from '../../shared/api/results.js';
import { campaignComparison } from './comparison.js';
import { campaignTrend } from './trend.js';
import { QuestionnaireCache } from './questionnaireCache.js';
import { EditionChanges } from './editionChanges.js';
import { campaignQuestionnaire, type CampaignQuestionnaire } from './questionnaires.js';
import { comparisonPartsVersion, comparisonVersion, encodeResult, minGroupSizeOf, resultPartsVersion, resultVersion, trendVersion } from './reportBodies.js';
import { ReportParts, placePartVersions, splitTerritoryVersions, type BytesKept, type WarmedParts } from './reportParts.js';
import type { CampaignPlace } from '../db/repositories/resultQueries.js';
import { findTrendPlace, type TrendPlace } from '../db/repositories/trendQueries.js';
import { ReportCache, type ReportBody } from './reportCache.js';
import { PlaceMemo, PLACES_KEPT, type Places } from './placeMemo.js';

/**
 * What ReportEngine.warm read ahead: the parts (ReportParts.warm), the result, comparison and trend bodies built and
 * kept, and the bytes the report cache held then (its bound: REPORT_CACHE_BYTES).
 */
export type WarmedReports = Omit<WarmedParts, 'newestSent'> & { resultBodies: number; comparisonBodies: number; trendBodies: number; bodyBytes: number };

/** A report route's writer (its schema serializer): the body in its envelope, as bytes. */
export type EncodeReport<R> = (body: { response: R }) => Buffer;

/** The writers of the report bodies an instance builds ahead (ReportEngine.warm): the comparison's and the trend's routes'. */
export interface ReportWriters {
  comparison: EncodeReport<ComparisonResponse>;
  trend: EncodeReport<TrendResponse>;
}

/** A report body as the report cache keeps it: its key, the version it is kept under, and how it is built. */
interface KeptBody {
  key: string;
  version: string;
  build: () => Promise<Buffer>;
}

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
  /** Where report calls read their campaigns' places, and the places kept (none when reportCacheBytes is 0). */
  readonly places: Places;
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
   * fewer participants than minGroupSize (MIN_GROUP_SIZE) are withheld from every report. campaignPartsKept: the
   * most campaign parts kept (ReportParts); placeSettleMs: PlaceMemo's (PLACE_SETTLE_MS unless given).
   */
  constructor(
    private readonly db: Queryable,
    private readonly minGroupSize: number,
    reportCacheBytes?: number,
    campaignPartsKept?: number,
    placeSettleMs?: number,
  ) {
    this.questionnaires = new QuestionnaireCache((editionId, q) => loadEditionIndicators(q ?? db, editionId));
    this.bodies = new ReportCache(reportCacheBytes, { keep: 'brotli' });
    this.changes = new EditionChanges(db);
    this.parts = reportCacheBytes === 0 ? undefined : new ReportParts(db, campaignPartsKept);
    this.places = { db, memo: new PlaceMemo(reportCacheBytes === 0 ? 0 : PLACES_KEPT, placeSettleMs) };
  }

  /**
   * A sent campaign's result response, envelope included: kept while its version holds, else assembled from its
   * parts (each read again only when its own version changed), or without parts built by encodeResult.
   */
  result(place: CampaignPlace): Promise<ReportBody> {
    const { key, version, build } = this.resultBody(place);
    return this.bodies.get(key, version, build);
  }

  /**
   * A sent campaign's comparison response beside the entity's previous sent campaign (read with its place,
   * findComparisonPlace), envelope included; encode is the route's schema serializer. Kept while its version (with
   * which campaign is the previous one) holds.
   */
  comparison(place: ComparisonPlace, encode: EncodeReport<ComparisonResponse>): Promise<ReportBody> {
    const { key, version, build } = this.comparisonBody(place, encode);
    return this.bodies.get(key, version, build);
  }

  /** Where a campaign's result body is kept, under which version, and how it is built when not kept. */
  private resultBody(place: CampaignPlace): KeptBody {
    const key = `result:${place.campaignId}`;
    const minGroupSize = minGroupSizeOf(place, this.minGroupSize);
    const parts = this.parts;
    if (!parts) return { key, version: resultVersion(place), build: () => encodeResult(this.db, this.questionnaires, place, minGroupSize) };
    return {
      key,
      version: resultPartsVersion(place),
      build: async () => parts.result(place, await this.questionnaires.get(place.editionId, place.catalogueVersion), minGroupSize),
    };
  }

  /** The same for its comparison; which campaign is the previous one is part of its version. */
  private comparisonBody(place: ComparisonPlace, encode: EncodeReport<ComparisonResponse>): KeptBody {
    const key = `comparison:${place.campaignId}`;
    const previous = place.compared;
    const changed = (a: number, b: number, v: string) => this.changes.changedPolicies(a, b, v);
    const minGroupSize = minGroupSizeOf(place, this.minGroupSize);
    const parts = this.parts;
    if (!parts) {
      return {
        key,
        version: comparisonVersion(place, previous),
        build: async () => encode({ response: await campaignComparison(this.db, this.questionnaires, place, previous, minGroupSize, changed) }),
      };
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
    return {
      key,
      version: comparisonPartsVersion(place, previous),
      build: async () =>
        encode({
          response: await campaignComparison(this.db, this.questionnaires, place, previous, minGroupSize, changed, (scope, which) =>
            parts.policyFigures(scope, which === 'current' ? versions.current : versions.previous!, minGroupSize),
          ),
        }),
    };
  }

  /** The same for its trend, kept under the versions of every edition it shows (trendVersion). */
  private trendBody(place: TrendPlace, encode: EncodeReport<TrendResponse>): KeptBody {
    return {
      key: `trend:${place.campaignId}`,
      version: trendVersion(place),
      build: async () => encode({ response: await campaignTrend(this.db, this.questionnaires, place, this.minGroupSize) }),
    };
  }

  /** The bytes the report parts and the places kept hold and their bounds, by kind (none without parts), for the metrics. */
  get keptParts(): Record<string, BytesKept> {
    return this.parts ? { ...this.parts.kept, places: this.places.memo } : {};
  }

  /**
   * Reads ahead what the first reads of the newest editions will need, until stopped() is true: the report parts
   * (ReportParts.warm), then, campaign by campaign, the result, comparison and trend bodies of the newest edition's
   * sent campaigns, as many as the report cache holds (ReportCache.readAhead: their brotli copies), written by the
   * routes' writers; the part of a campaign beyond those the parts keep is read as a call reads it, in place of the
   * least recently used one. Each body is kept under the versions its place statements read, as a call's would be, so a body
   * changed since is built again when asked for; the places are kept too (PlaceMemo), each with the place version it
   * was read with. Nothing when no parts are kept.
   */
  async warm(writers: ReportWriters, stopped: () => boolean = () => false): Promise<WarmedReports | undefined> {
    const parts = this.parts;
    if (!parts) return undefined;
    const { newestSent, ...warmed } = await parts.warm(stopped);
    const bodies = { resultBodies: 0, comparisonBodies: 0, trendBodies: 0 };
    const ahead = async ({ key, version, build }: KeptBody, counted: keyof typeof bodies) => {
      const kept = await this.bodies.readAhead(key, version, build);
      if (kept === 'kept') bodies[counted]++;
      return kept !== 'full' && !stopped();
    };
    const { memo } = this.places;
    for (const campaignId of newestSent) {
      if (stopped()) break;
      const place = await findComparisonPlace(this.db, campaignId);
      // Reopened since, or gone: nothing to build.
      if (place?.status !== 'sent') continue;
      // Kept as a call's are (PlaceMemo), so a first call finds them: the result's place is the comparison's without
      // its previous campaign.
      const { compared: _previous, ...campaignPlace } = place;
      memo.keep('campaign', campaignId, campaignPlace);
      memo.keep('comparison', campaignId, place);
      if (!(await ahead(this.resultBody(place), 'resultBodies'))) break;
      if (!(await ahead(this.comparisonBody(place, writers.comparison), 'comparisonBodies'))) break;
      const trendPlace = await findTrendPlace(this.db, campaignId);
      if (trendPlace?.status !== 'sent') continue;
      memo.keep('trend', campaignId, trendPlace);
      if (!(await ahead(this.trendBody(trendPlace, writers.trend), 'trendBodies'))) break;
    }
    return { ...warmed, ...bodies, bodyBytes: this.bodies.size };
  }

  /**
   * A sent campaign's trend response across the entity's editions up to its own, envelope included; encode is the
   * route's schema serializer. Kept while the figures of every edition it shows hold (TrendPlace's trendVersion, read
   * with its place).
   */
  trend(place: TrendPlace, encode: EncodeReport<TrendResponse>): Promise<ReportBody> {
    const { key, version, build } = this.trendBody(place, encode);
    return this.bodies.get(key, version, build);
  }

  /** A campaign's questionnaire (cached) with its answers (read now); undefined when there is no such campaign. */
  campaignQuestionnaire(campaignId: number): Promise<CampaignQuestionnaire | undefined> {
    return campaignQuestionnaire(this.db, this.questionnaires, campaignId);
  }
}
