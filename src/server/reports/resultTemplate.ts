import { randomUUID } from 'node:crypto';
import { countedInMeans, type CampaignPlace } from '../db/repositories/resultQueries.js';
import type { Ranks } from '../../shared/api/results.js';
import type { IndicatorGroup } from '../../shared/api/campaigns.js';
import type { EditionQuestionnaire } from './questionnaireCache.js';
import { asciiPiece, interleave, textPiece, type Piece } from './rawJson.js';
import { buildResultReport } from './resultReport.js';
import { placeNames, placeReview, placeSizeBand } from './reportBodies.js';
import { groupKey } from './scoring.js';
import {
  allEntitiesMean,
  groupSizeComparedToAll,
  participantsMean,
  rankOf,
  territorySizeComparedToAll,
  TERRITORIES,
  type ByLevel,
  type GroupFigures,
  type Territory,
} from './territories.js';
import type { CampaignPart, TerritoryPart } from './partTypes.js';

/**
 * An edition's result body with holes for everything that is a campaign's: its own scores, ranks, answers, names,
 * review and receipt, and its territories' figures. Encoded once per edition and questionnaire texts (the
 * questionnaire is most of the body), then filled for each campaign from its campaign part and its four
 * territory parts: a campaign's first read costs the read of its part and a fill (a copy of some 170 KB and about
 * 2,000 small pieces, under a millisecond), not a build.
 *
 * The holes are the values encodeResult computes from the same parts (territories.ts groupFigures, withholdFigures,
 * groupRanks, meanSizes, withheldTerritories; reportBodies.ts placeNames, placeSizeBand, placeReview), so the filled
 * bytes are those of a body built afresh; the tests compare them with an instance that keeps nothing.
 */

// Random per process, so that no text in the data can be mistaken for a hole.
const MARK = `result-hole-${randomUUID()}:`;
const HOLE = new RegExp(`"${MARK}([^"]*)"`);

type Field = 'percentages' | 'values' | 'percentagesComparedToAll' | 'valuesComparedToAll';
const FIELDS: readonly Field[] = ['percentages', 'percentagesComparedToAll', 'values', 'valuesComparedToAll'];

/**
 * What a report shows of the campaign's place, by hole name: names, size band, edition's year, review and
 * receipt (placeReview's fields, spread in the body), and the smallest group a mean is shown for.
 */
type PlaceValues = Record<string, (place: CampaignPlace, minGroupSize: number) => unknown>;
const REVIEW_FIELDS = (place: CampaignPlace) => Object.keys(placeReview(place)) as (keyof ReturnType<typeof placeReview>)[];
const placeValues = (place: CampaignPlace): PlaceValues => ({
  names: placeNames,
  sizeBand: placeSizeBand,
  year: (p) => p.campaignNumber,
  minGroupSize: (_, minGroupSize) => minGroupSize,
  ...Object.fromEntries(REVIEW_FIELDS(place).map((field) => [field, (p: CampaignPlace) => placeReview(p)[field]])),
});

/** What a hole holds, decoded from its marker. */
type Hole =
  | { kind: 'figure'; territory: Territory; field: Field; key: string }
  | { kind: 'rank'; territory: Territory; key: string }
  | { kind: 'participants' | 'comparedToAll'; territory: Territory }
  | { kind: 'groupParticipants' | 'groupComparedToAll'; territory: Territory; key: string }
  | { kind: 'withheld' }
  /** The campaign's own percentage (null without one), value (null) or value as the table shows it (0). */
  | { kind: 'own'; field: 'percentage' | 'value' | 'tableValue'; key: string }
  | { kind: 'place'; name: string }
  | { kind: 'indicators' };

const marker = (...fields: (string | number)[]) => `${MARK}${fields.join('|')}`;

/** A hole per territory, typed as the numbers they will hold: marker(kind, territory, ...rest). */
const holesPerTerritory = (kind: string, ...rest: string[]) =>
  Object.fromEntries(TERRITORIES.map((t) => [t, marker(kind, t, ...rest)])) as unknown as Record<Territory, number>;

/** A hole typed as the value it will hold. */
const hole = <T>(...fields: string[]) => marker(...fields) as unknown as T;

function decode(text: string): Hole {
  const [kind, a, b, c] = text.split('|');
  switch (kind) {
    case 'f':
      return { kind: 'figure', territory: a as Territory, field: b as Field, key: c };
    case 'r':
      return { kind: 'rank', territory: a as Territory, key: b };
    case 'p':
      return { kind: 'participants', territory: a as Territory };
    case 'a':
      return { kind: 'comparedToAll', territory: a as Territory };
    case 'gp':
      return { kind: 'groupParticipants', territory: a as Territory, key: b };
    case 'ga':
      return { kind: 'groupComparedToAll', territory: a as Territory, key: b };
    case 'o':
      return { kind: 'own', field: a as 'percentage' | 'value' | 'tableValue', key: b };
    case 'x':
      return { kind: 'place', name: a };
    case 'i':
      return { kind: 'indicators' };
    default:
      return { kind: 'withheld' };
  }
}

const NULL_PIECE = asciiPiece(null);

/** Whether a territory's means are withheld: some participants, fewer than minGroupSize. */
const withheldOf = (part: TerritoryPart, minGroupSize: number) => part.participants > 0 && part.participants < minGroupSize;

export class ResultTemplate {
  private constructor(
    private readonly edition: EditionQuestionnaire,
    private readonly segments: Buffer[],
    private readonly holes: Hole[],
    private readonly placeValues: PlaceValues,
    /** The segments' bytes. */
    private readonly size: number,
  ) {}

  /** The template of an edition's results: every group of its tree with its figures as holes. place: any of its campaigns. */
  static build(edition: EditionQuestionnaire, place: CampaignPlace): ResultTemplate {
    const figures = new Map<string, GroupFigures>();
    const keys = [groupKey('total', 0)];
    for (const axis of edition.tree) {
      keys.push(groupKey('axis', axis.id));
      for (const policy of axis.policies) keys.push(groupKey('policy', policy.id), ...policy.measures.map((m) => groupKey('measure', m.id)));
    }
    for (const key of keys) {
      const level = (field: Field): ByLevel => ({
        campaign: hole(field.startsWith('percentages') ? 'o|percentage' : 'o|value', key),
        ...holesPerTerritory('f', field, key),
      });
      const [percentages, percentagesComparedToAll, values, valuesComparedToAll] = FIELDS.map(level);
      const sizes = { participants: holesPerTerritory('gp', key), comparedToAll: holesPerTerritory('ga', key) };
      figures.set(key, { percentages, percentagesComparedToAll, values, valuesComparedToAll, sizes });
    }
    const ranks = new Map<string, Ranks>(
      keys
        .filter((key) => key.startsWith('total:') || key.startsWith('axis:'))
        .map((key) => [key, Object.fromEntries(TERRITORIES.map((t) => [t, marker('r', t, key)])) as unknown as Ranks]),
    );
    const own = (key: string) => ({ value: hole<number>('o|tableValue', key), percentage: hole<number>('o|percentage', key) });
    const values = placeValues(place);
    const about = {
      names: hole<ReturnType<typeof placeNames>>('x|names'),
      sizeBand: hole<ReturnType<typeof placeSizeBand>>('x|sizeBand'),
      edition: {
        year: hole<number>('x|year'),
        sizes: { participants: holesPerTerritory('p'), comparedToAll: holesPerTerritory('a') },
        withheld: hole<Territory[]>('w'),
      },
      minGroupSize: hole<number>('x|minGroupSize'),
      review: Object.fromEntries(REVIEW_FIELDS(place).map((field) => [field, hole('x', field)])) as ReturnType<typeof placeReview>,
    };
    const json = JSON.stringify({
      response: buildResultReport({ figures, ranks, own }, { tree: edition.tree, indicators: hole<IndicatorGroup[]>('i') }, about),
    });
    // split with a capturing group: text, hole, text, hole, ..., text.
    const pieces = json.split(HOLE);
    const segments: Buffer[] = [];
    const holes: Hole[] = [];
    for (let i = 0; i < pieces.length; i++) {
      if (i % 2 === 0) segments.push(Buffer.from(pieces[i]));
      else holes.push(decode(pieces[i]));
    }
    return new ResultTemplate(
      edition,
      segments,
      holes,
      values,
      segments.reduce((n, segment) => n + segment.length, 0),
    );
  }

  /** A campaign's body from its part and its territories' parts, as encodeResult builds it from the same state. */
  fill(place: CampaignPlace, campaign: CampaignPart, parts: Record<Territory, TerritoryPart>, minGroupSize: number): Buffer {
    const withheld = Object.fromEntries(TERRITORIES.map((t) => [t, withheldOf(parts[t], minGroupSize)])) as Record<Territory, boolean>;
    // The campaign is not counted in its edition's means (countedInMeans): ranked among the participants as one more.
    const outsideMeans = !countedInMeans(place);
    const pieces = this.holes.map((hole): Piece => {
      switch (hole.kind) {
        case 'withheld':
          return textPiece(TERRITORIES.filter((t) => withheld[t]));
        case 'indicators':
          return this.edition.indicatorsJson(campaign.answers, campaign.notes);
        case 'place':
          return textPiece(this.placeValues[hole.name](place, minGroupSize));
        case 'own': {
          const own = campaign.own.get(hole.key);
          if (hole.field === 'percentage') return asciiPiece(own?.percentage ?? null);
          return asciiPiece(own?.value ?? (hole.field === 'value' ? null : 0));
        }
      }
      const part = parts[hole.territory];
      switch (hole.kind) {
        case 'participants':
          return asciiPiece(part.participants);
        case 'comparedToAll':
          return asciiPiece(territorySizeComparedToAll(part));
        case 'groupParticipants':
          return asciiPiece(part.sums.get(hole.key)?.participants ?? 0);
        case 'groupComparedToAll':
          return asciiPiece(groupSizeComparedToAll(part.sums.get(hole.key)?.participants ?? 0, part));
        case 'rank': {
          const shown = campaign.shown.get(hole.key);
          // A group the campaign has no percentage in (wholly 'No aplica') is not ranked.
          if (shown === undefined || withheld[hole.territory]) return NULL_PIECE;
          return asciiPiece(rankOf(part.above.get(hole.key)?.[shown] ?? 0, part.sums.get(hole.key)?.participants ?? 0, outsideMeans));
        }
        case 'figure': {
          const sum = part.sums.get(hole.key);
          if (!sum || withheld[hole.territory]) return NULL_PIECE;
          const total = hole.field.startsWith('percentages') ? sum.percentageSum : sum.valueSum;
          const mean = hole.field.endsWith('ComparedToAll') ? allEntitiesMean(total, sum.participants, part) : participantsMean(total, sum.participants);
          return asciiPiece(mean);
        }
      }
    });
    return interleave(this.segments, pieces, this.size);
  }
}
