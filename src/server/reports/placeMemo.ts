import type { Queryable } from '../db/client.js';
import type { CampaignPlace } from '../db/repositories/resultQueries.js';
import { heapBytes } from './heapBytes.js';

/**
 * Most places kept, and their bytes as heapBytes counts them (a campaign's place is some 1.0 KB, a comparison's 1.4,
 * a trend's 1.6 and a little more for each edition it shows): the three places of every campaign of a national
 * edition (8,131 entities) fit.
 */
export const PLACES_KEPT = 32_768;
const PLACES_BYTES = 48 * 1024 * 1024;

/**
 * The shapes of place report calls read (routes/campaigns/reportAccess.ts): a campaign's (CampaignPlace: the result
 * and every other call but two), a comparison's (with its previous campaign) and a trend's (with its version).
 */
export type PlaceKind = 'campaign' | 'comparison' | 'trend';

/**
 * How long the place version must have held still, as this instance saw it, before a kept place is checked by its
 * version alone. While campaigns are being submitted the version moves with each one: checking it first would
 * mostly cost a second statement, so a place is then read whole, as without a memo.
 */
export const PLACE_SETTLE_MS = 1000;

/** Where a place of that kind is kept for the campaign. */
const keyOf = (kind: PlaceKind, campaignId: number) => `${kind}:${campaignId}`;

/**
 * The places report calls read, each kept under its kind and campaign with the place version it was read with
 * (CampaignPlace's placeVersion, migration 036). A kept place is the place for as long as that version holds: every transaction that writes a table a place statement
 * reads renews it. So a kept report's call checks its session and that version in one small statement and uses the
 * kept place when it still holds (reportAccess.ts readPlace), instead of reading its place again; nothing is used
 * without the version read in the same call, whichever instance wrote since. Least recently used out, within
 * PLACES_KEPT and PLACES_BYTES; max 0 keeps nothing.
 */
export class PlaceMemo {
  private readonly places = new Map<string, { place: CampaignPlace; bytes: number }>();
  private bytes = 0;
  private seenVersion: string | undefined;
  private movedAt = -Infinity;

  constructor(
    private readonly max = PLACES_KEPT,
    private readonly settleMs = PLACE_SETTLE_MS,
    private readonly now: () => number = () => performance.now(),
    readonly maxBytes = PLACES_BYTES,
  ) {}

  /**
   * The place of that kind kept for the campaign, to be used only if its placeVersion is the version read now;
   * undefined when none is kept, or when the version moved less than settleMs ago (then the place is better read whole).
   */
  candidate(kind: PlaceKind, campaignId: number): CampaignPlace | undefined {
    const key = keyOf(kind, campaignId);
    const kept = this.places.get(key);
    if (!kept || this.now() - this.movedAt < this.settleMs) return undefined;
    this.places.delete(key);
    this.places.set(key, kept);
    return kept.place;
  }

  /** Notes the place version read now: when it differs from the one seen before, the version moved. */
  saw(version: string): void {
    if (version === this.seenVersion) return;
    if (this.seenVersion !== undefined) this.movedAt = this.now();
    this.seenVersion = version;
  }

  /**
   * Keeps the place of that kind just read for the campaign (frozen: calls share it), or forgets the one kept when
   * there is none.
   */
  keep(kind: PlaceKind, campaignId: number, place: CampaignPlace | undefined): void {
    const key = keyOf(kind, campaignId);
    this.forget(key);
    if (!place) return;
    this.saw(place.placeVersion);
    if (this.max === 0) return;
    const bytes = heapBytes(place);
    this.places.set(key, { place: Object.freeze(place), bytes });
    this.bytes += bytes;
    for (const [oldest] of this.places) {
      if (this.places.size <= this.max && this.bytes <= this.maxBytes) break;
      this.forget(oldest);
    }
  }

  /** How many places are kept, and their bytes. */
  get kept(): { places: number; bytes: number } {
    return { places: this.places.size, bytes: this.bytes };
  }

  /** The bytes of the places kept (heapBytes), against maxBytes: what the metrics show (BytesKept). */
  get size(): number {
    return this.bytes;
  }

  private forget(key: string): void {
    const kept = this.places.get(key);
    if (!kept) return;
    this.places.delete(key);
    this.bytes -= kept.bytes;
  }
}

/** Where report calls read places (routes/campaigns/reportAccess.ts): the database, and the places kept (ReportEngine's). */
export interface Places {
  db: Queryable;
  memo: PlaceMemo;
}
