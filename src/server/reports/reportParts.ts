import type { Queryable } from '../db/client.js';
import type { CampaignPlace, FigureScope } from '../db/repositories/resultQueries.js';
import { readCampaignPart, readCampaignScores, readTerritoryPart, sentCampaignIds, warmableEditions } from '../db/repositories/reportParts.js';
import { groupKey } from './scoring.js';
import { heapBytes } from './heapBytes.js';
import { editionFigures, type EditionFigures, type FigureInputs, type OwnScore } from './figures.js';
import { TERRITORIES, zeroPerTerritory, type Territory, type TerritoryAggregate } from './territories.js';
import { ResultTemplate } from './resultTemplate.js';
import type { EditionQuestionnaire } from './questionnaireCache.js';
import type { CampaignPart, TerritoryPart } from './partTypes.js';
import { PackedAnswers } from './packedAnswers.js';
import { PackedScores } from './packedScores.js';

/**
 * The parts a sent campaign's report is assembled from, each kept in memory under the version it was read with
 * (migration 011) and used only when the caller read the same version on its own call:
 *
 * - a territory part: one territory of one edition (a province, a community, the country, a size band) with
 *   its participants' sums, rank counts and registered entities. Its version changes with that territory's
 *   submissions only (and the registered entities' version with entities created, moved or removed). The
 *   country's part changes on every submission: it is read again once per submission and instance, not once
 *   per reader.
 * - a campaign part: the campaign's own stored scores (with their shown percentages, for ranks) and answers,
 *   whose version changes only when it is scored, at each submission.
 *
 * Why nothing stale is used, with any number of instances: a part's rows and its version are read in one
 * statement (one snapshot), so a kept part is exactly the state its version names; versions are random uuids
 * renewed by triggers in the same transaction as every write of their rows. The caller passes the version it
 * read in its own place statement on this call; a kept part is used only when its version is equal, otherwise
 * the part is read again, after that statement, so it is the same state or a newer one, never an older one.
 */

const SHOWN_MAX = 1000;

/** A territory part from its rows. */
export function territoryPart(rows: Awaited<ReturnType<typeof readTerritoryPart>>): TerritoryPart {
  const sums = new Map<string, TerritoryAggregate>();
  for (const [scope, id, participants, percentageSum, valueSum] of rows.sums) sums.set(groupKey(scope, id), { participants, percentageSum, valueSum });
  const counts = new Map<string, Int32Array>();
  for (const [scope, id, shown, participants] of rows.counts) {
    const key = groupKey(scope, id);
    let at = counts.get(key);
    if (!at) counts.set(key, (at = new Int32Array(SHOWN_MAX + 2)));
    at[shown] += participants;
  }
  // From counts per shown percentage to participants above each: a suffix sum.
  const above = new Map<string, Int32Array>();
  for (const [key, at] of counts) {
    const sums = new Int32Array(SHOWN_MAX + 1);
    let running = 0;
    for (let shown = SHOWN_MAX; shown >= 0; shown--) {
      sums[shown] = running;
      running += at[shown];
    }
    above.set(key, sums);
  }
  const participants = Math.max(0, ...[...sums.values()].map((sum) => sum.participants));
  return { version: `${rows.version} ${rows.registeredVersion}`, registered: rows.registered, participants, sums, above };
}

/** A campaign part from its rows. */
export function campaignPart(rows: Awaited<ReturnType<typeof readCampaignPart>>): CampaignPart {
  const scores = campaignScores(rows);
  return { ...scores, own: PackedScores.of(scores.own), answers: PackedAnswers.of(rows.answers), notes: rows.notes };
}

/** A campaign's scores as read (all a comparison needs): its own scores as a Map, packed only in a part that is kept. */
type CampaignScores = Omit<CampaignPart, 'answers' | 'notes' | 'own'> & { own: Map<string, OwnScore> };

/** A campaign part's scores from its rows. */
function campaignScores(rows: Awaited<ReturnType<typeof readCampaignScores>>): CampaignScores {
  const own = new Map<string, OwnScore>();
  const shown = new Map<string, number>();
  const ranked: [string, number][] = [];
  for (const [scope, id, percentage, value, shownPercentage] of rows.own) {
    const key = groupKey(scope, id);
    own.set(key, { percentage, value });
    if (scope === 'total' || scope === 'axis') {
      shown.set(key, shownPercentage);
      ranked.push([scope, id]);
    }
  }
  return { version: rows.version, own, shown, ranked };
}

/**
 * Values kept by key under the version they were read with, at most max of them (and, with sizeOf, at most
 * maxBytes of them counted once read), least recently used out.
 */
export class VersionedMap<T> {
  private readonly entries = new Map<string, { version: string; value: Promise<T>; size: number }>();
  private bytes = 0;
  /** The bytes of the value read last: full says whether one more like it would fit. */
  private lastSize = 0;

  constructor(
    private readonly max: number,
    private readonly sizeOf?: (value: T) => number,
    readonly maxBytes = Infinity,
  ) {}

  /** The value kept under key for this version, if any (counted as a use), without reading. */
  kept(key: string, version: string): Promise<T> | undefined {
    const found = this.entries.get(key);
    if (found?.version !== version) return undefined;
    this.entries.delete(key);
    this.entries.set(key, found);
    return found.value;
  }

  /** Bytes counted (with sizeOf) of the values kept. */
  get size(): number {
    return this.bytes;
  }

  /**
   * Whether as many values are kept (or being read) as may be, or one more the size of the last one read would go
   * over maxBytes: reading on would only drop values kept (the bytes rarely land on the bound exactly).
   */
  get full(): boolean {
    return this.entries.size >= this.max || this.bytes + this.lastSize > this.maxBytes;
  }

  /**
   * Reads the value of a key that has none kept (whatever its version) and keeps it under the version it was read
   * with; a key already kept, or being read, is left as it is.
   */
  async readAhead(key: string, read: () => Promise<T>, versionOf: (value: T) => string): Promise<void> {
    if (this.entries.has(key)) return;
    // No kept version is the empty string: get reads.
    await this.get(key, '', read, versionOf);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  /**
   * The value kept under key for this version, or read()'s, which is kept under the version it was read with
   * (version(value)): equal or newer than the one asked for. Concurrent calls for one version share one read.
   */
  get(key: string, version: string, read: () => Promise<T>, versionOf: (value: T) => string): Promise<T> {
    const kept = this.kept(key, version);
    if (kept) return kept;
    const entry = { version, value: read(), size: 0 };
    this.remove(key);
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        if (this.entries.get(key) !== entry) return;
        entry.version = versionOf(value);
        entry.size = this.sizeOf?.(value) ?? 0;
        this.lastSize = entry.size;
        this.bytes += entry.size;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
    this.evict();
    return entry.value;
  }

  /**
   * Drops the least recently used values until at most max are kept within maxBytes. A value being read counts no
   * bytes, so it is dropped only to keep within max: dropping it for bytes would free nothing and read it twice.
   */
  private evict(): void {
    for (const [key, entry] of this.entries) {
      const overCount = this.entries.size > this.max;
      if (!overCount && this.bytes <= this.maxBytes) return;
      if (overCount || entry.size > 0) this.remove(key);
    }
  }
}

/** The territory ids of a place, in TERRITORIES order. */
export const placeTerritoryIds = (scope: Pick<FigureScope, 'provinceId' | 'communityId' | 'sizeBand'>): Record<Territory, string> => ({
  province: scope.provinceId,
  autonomousCommunity: scope.communityId,
  country: 'ES',
  sizeBand: String(scope.sizeBand),
});

/** Versions as read with a place: the campaign's scores, and its edition's territories (TERRITORIES order). */
export interface PartVersions {
  scores: string;
  territories: Record<Territory, string>;
  registered: string;
}

/** The part versions a place statement read (CampaignPlace's scoresVersion, territoryVersions, registeredVersion). */
export function placePartVersions(place: Pick<CampaignPlace, 'scoresVersion' | 'territoryVersions' | 'registeredVersion'>): PartVersions {
  return { scores: place.scoresVersion, territories: splitTerritoryVersions(place.territoryVersions), registered: place.registeredVersion };
}

/** "province community country sizeBand" versions, as read, by territory. */
export function splitTerritoryVersions(text: string): Record<Territory, string> {
  const [province, autonomousCommunity, country, sizeBand] = text.split(' ');
  return { province, autonomousCommunity, country, sizeBand };
}

const noAggregates = (): Record<Territory, TerritoryAggregate | undefined> => ({
  province: undefined,
  autonomousCommunity: undefined,
  country: undefined,
  sizeBand: undefined,
});

/** What ReportParts.warm read: the editions it looked at, and the parts it read or found kept. */
export interface WarmedParts {
  editions: number;
  territoryParts: number;
  campaignParts: number;
  /** The newest edition's sent campaigns, in id order: the parts of the first campaignParts of them were read. */
  newestSent: number[];
}

/** How many of the newest editions with sent campaigns have their territory parts read ahead. */
const WARM_EDITIONS = 2;

const territoryKey = (editionId: number, territory: Territory, territoryId: string) => `${editionId}:${territory}:${territoryId}`;

/**
 * Most territory parts kept (some 80 territories per edition, about 50 KB each) and campaign parts kept (some 30-60 KB
 * each for the demo's questionnaire, more with long comments), by count and by bytes as heapBytes counts them: the
 * bytes bind first when campaigns carry long notes.
 */
const TERRITORY_PARTS_KEPT = 2048;
const TERRITORY_PARTS_BYTES = 32 * 1024 * 1024;
export const CAMPAIGN_PARTS_KEPT = 4096;
const CAMPAIGN_PARTS_BYTES = 128 * 1024 * 1024;

/** Memory kept against a bound, as the metrics read it: the bytes held now and the most that may be. */
export type BytesKept = { readonly size: number; readonly maxBytes: number };

/** The parts of one process, read through q. */
export class ReportParts {
  private readonly territoryParts = new VersionedMap<TerritoryPart>(TERRITORY_PARTS_KEPT, heapBytes, TERRITORY_PARTS_BYTES);
  private readonly campaignParts: VersionedMap<CampaignPart>;
  /** Each edition's result template (resultTemplate.ts), kept as long as its questionnaire is (QuestionnaireCache). */
  private readonly templates = new WeakMap<EditionQuestionnaire, ResultTemplate>();

  /** campaignsKept: the most campaign parts kept (fewer in the tests of what happens beyond it). */
  constructor(
    private readonly q: Queryable,
    campaignsKept = CAMPAIGN_PARTS_KEPT,
  ) {
    this.campaignParts = new VersionedMap<CampaignPart>(campaignsKept, heapBytes, CAMPAIGN_PARTS_BYTES);
  }

  /** The bytes each kind of part holds now (heapBytes) and its bound, for the metrics. */
  get kept(): Record<'territoryParts' | 'campaignParts', BytesKept> {
    return { territoryParts: this.territoryParts, campaignParts: this.campaignParts };
  }

  /**
   * A sent campaign's result body, envelope included: its edition's template (built once per questionnaire)
   * filled from its campaign part and its edition's four territory parts, each as read now or kept under the
   * versions the place statement read.
   */
  async result(place: CampaignPlace, edition: EditionQuestionnaire, minGroupSize: number): Promise<Buffer> {
    const versions = placePartVersions(place);
    const ids = placeTerritoryIds(place);
    const [campaign, ...parts] = await Promise.all([
      this.campaign(place.campaignId, versions.scores),
      ...TERRITORIES.map((t) => this.territory(place.editionId, t, ids[t], versions.territories[t], versions.registered)),
    ]);
    let template = this.templates.get(edition);
    if (!template) this.templates.set(edition, (template = ResultTemplate.build(edition, place)));
    return template.fill(place, campaign, Object.fromEntries(TERRITORIES.map((t, i) => [t, parts[i]])) as Record<Territory, TerritoryPart>, minGroupSize);
  }

  territory(editionId: number, territory: Territory, territoryId: string, version: string, registeredVersion: string): Promise<TerritoryPart> {
    return this.territoryParts.get(
      territoryKey(editionId, territory, territoryId),
      `${version} ${registeredVersion}`,
      () => this.readTerritory(editionId, territory, territoryId),
      (part) => part.version,
    );
  }

  campaign(campaignId: number, version: string): Promise<CampaignPart> {
    return this.campaignParts.get(
      String(campaignId),
      version,
      () => this.readCampaign(campaignId),
      (part) => part.version,
    );
  }

  private async readTerritory(editionId: number, territory: Territory, territoryId: string): Promise<TerritoryPart> {
    return territoryPart(await readTerritoryPart(this.q, editionId, territory, territoryId));
  }

  private async readCampaign(campaignId: number): Promise<CampaignPart> {
    return campaignPart(await readCampaignPart(this.q, campaignId));
  }

  /**
   * Reads ahead, one statement at a time, what the first reads of reports will need: the territory parts of the
   * newest WARM_EDITIONS editions with sent campaigns (a comparison reads the previous edition's), then the newest
   * edition's sent campaigns' parts, as many as are kept, and lists all of that edition's sent campaigns (whose
   * bodies ReportEngine.warm builds, the parts of the rest read as a call would). Each part is kept under the version it was read with,
   * so a part changed since is read again when asked for, as any kept part is; parts already kept are not read.
   * A new instance runs it once ready (main.ts), so that its first readers do not wait for these statements; it
   * stops between two statements once stopped() is true (the app closing).
   */
  async warm(stopped: () => boolean = () => false): Promise<WarmedParts> {
    const editions = await warmableEditions(this.q, WARM_EDITIONS);
    const warmed: WarmedParts = { editions: editions.length, territoryParts: 0, campaignParts: 0, newestSent: [] };
    for (const { editionId, territories } of editions) {
      for (const { territory, territoryId } of territories) {
        if (this.territoryParts.full || stopped()) return warmed;
        await this.territoryParts.readAhead(
          territoryKey(editionId, territory, territoryId),
          () => this.readTerritory(editionId, territory, territoryId),
          (part) => part.version,
        );
        warmed.territoryParts++;
      }
    }
    if (editions.length === 0 || stopped()) return warmed;
    warmed.newestSent = await sentCampaignIds(this.q, editions[0].editionId);
    for (const campaignId of warmed.newestSent) {
      if (this.campaignParts.full || stopped()) break;
      await this.campaignParts.readAhead(
        String(campaignId),
        () => this.readCampaign(campaignId),
        (part) => part.version,
      );
      warmed.campaignParts++;
    }
    return warmed;
  }

  /**
   * What scopeFigures(policiesOnly) gives for a comparison's radar: policies only, in the province, community and size
   * band. The campaign's scores come from its kept part when there is one for the version read, else from a read of
   * its scores alone (a comparison shows no answers), which is not kept: a comparison is rebuilt only when one of its
   * territories changes, and its body is kept meanwhile.
   */
  async policyFigures(scope: FigureScope, versions: PartVersions, minGroupSize: number): Promise<EditionFigures> {
    const ids = placeTerritoryIds(scope);
    const territories: Territory[] = ['province', 'autonomousCommunity', 'sizeBand'];
    const [campaign, ...parts] = await Promise.all([
      this.campaignParts.kept(String(scope.campaignId), versions.scores) ?? readCampaignScores(this.q, scope.campaignId).then(campaignScores),
      ...territories.map((t) => this.territory(scope.editionId, t, ids[t], versions.territories[t], versions.registered)),
    ]);
    const isPolicy = (key: string) => key.startsWith('policy:');
    const own = new Map([...campaign.own].filter(([key]) => isPolicy(key)));
    return editionFigures(
      figureInputsOf(
        own,
        territories.map((t, i) => [t, parts[i]]),
        isPolicy,
      ),
      minGroupSize,
    );
  }
}

/** FigureInputs (as figureInputs makes them from rows) from the campaign's own scores and the given territories' parts. */
function figureInputsOf(own: FigureInputs['own'], parts: [Territory, TerritoryPart][], keep: (key: string) => boolean = () => true): FigureInputs {
  const aggregates = new Map<string, Record<Territory, TerritoryAggregate | undefined>>();
  const registered = zeroPerTerritory();
  for (const [territory, part] of parts) {
    registered[territory] = part.registered;
    for (const [key, sum] of part.sums) {
      if (!keep(key)) continue;
      let entry = aggregates.get(key);
      if (!entry) aggregates.set(key, (entry = noAggregates()));
      entry[territory] = sum;
    }
  }
  return { own, aggregates, registered };
}
