import { randomUUID } from 'node:crypto';
import { countedInMeans, type CampaignPlace } from '../db/repositories/resultQueries.js';
import type { Ranks } from '../../shared/api/results.js';
import type { EditionQuestionnaire } from './questionnaireCache.js';
import { encodeWithIndicators } from './questionnaires.js';
import { interleave } from './rawJson.js';
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
 * A sent campaign's result body with holes where its territories' figures go: encoded once per campaign (its own
 * scores, answers, names and questionnaire texts, which no longer change once it is sent), then filled from its
 * four territory parts whenever one of them has changed, such as the country's at every submission anywhere.
 * Filling copies some 100 KB and writes a few hundred numbers; building the body takes ten times as long.
 *
 * The holes are the values encodeResult computes from the same parts (territories.ts groupFigures, withholdFigures,
 * groupRanks, meanSizes, withheldTerritories), so the filled bytes are those of a body built afresh; the tests
 * compare them with an instance that keeps nothing.
 */

// Random per process, so that no text in the data can be mistaken for a hole.
const MARK = `result-hole-${randomUUID()}:`;
const HOLE = new RegExp(`"${MARK}([^"]*)"`);

type Field = 'percentages' | 'values' | 'percentagesComparedToAll' | 'valuesComparedToAll';
const FIELDS: readonly Field[] = ['percentages', 'percentagesComparedToAll', 'values', 'valuesComparedToAll'];

/** What a hole holds, decoded from its marker. */
type Hole =
  | { kind: 'figure'; territory: Territory; field: Field; key: string }
  | { kind: 'rank'; territory: Territory; key: string; shown: number }
  | { kind: 'participants' | 'comparedToAll'; territory: Territory }
  | { kind: 'groupParticipants' | 'groupComparedToAll'; territory: Territory; key: string }
  | { kind: 'withheld' };

const marker = (...fields: (string | number)[]) => `${MARK}${fields.join('|')}`;

/** A hole per territory, typed as the numbers they will hold: marker(kind, territory, ...rest). */
const holesPerTerritory = (kind: string, ...rest: string[]) =>
  Object.fromEntries(TERRITORIES.map((t) => [t, marker(kind, t, ...rest)])) as unknown as Record<Territory, number>;

function decode(text: string): Hole {
  const [kind, territory, a, b] = text.split('|');
  switch (kind) {
    case 'f':
      return { kind: 'figure', territory: territory as Territory, field: a as Field, key: b };
    case 'r':
      return { kind: 'rank', territory: territory as Territory, key: a, shown: Number(b) };
    case 'p':
      return { kind: 'participants', territory: territory as Territory };
    case 'a':
      return { kind: 'comparedToAll', territory: territory as Territory };
    case 'gp':
      return { kind: 'groupParticipants', territory: territory as Territory, key: a };
    case 'ga':
      return { kind: 'groupComparedToAll', territory: territory as Territory, key: a };
    default:
      return { kind: 'withheld' };
  }
}

/** Per territory: every figure hole's mean, or null (no participant, or withheld). */
const withheldOf = (part: TerritoryPart, minGroupSize: number) => part.participants > 0 && part.participants < minGroupSize;

export class ResultTemplate {
  private constructor(
    private readonly segments: Buffer[],
    private readonly holes: Hole[],
    /** Bytes kept: the segments. */
    readonly size: number,
    /** The campaign is not counted in its edition's means (countedInMeans): ranked among the participants as one more. */
    private readonly outsideMeans: boolean,
  ) {}

  /** The template of a campaign's result: its own figures and answers encoded, every territorial figure a hole. */
  static build(edition: EditionQuestionnaire, place: CampaignPlace, campaign: CampaignPart, minGroupSize: number): ResultTemplate {
    const figures = new Map<string, GroupFigures>();
    const level = (field: Field, key: string, own: number | null): ByLevel => ({ campaign: own, ...holesPerTerritory('f', field, key) });
    const keys = new Set(campaign.own.keys());
    keys.add(groupKey('total', 0));
    for (const axis of edition.tree) {
      keys.add(groupKey('axis', axis.id));
      for (const policy of axis.policies) keys.add(groupKey('policy', policy.id));
    }
    for (const key of keys) {
      const own = campaign.own.get(key);
      const [percentages, percentagesComparedToAll, values, valuesComparedToAll] = FIELDS.map((field) =>
        level(field, key, own ? (field.startsWith('percentages') ? own.percentage : own.value) : null),
      );
      const sizes = { participants: holesPerTerritory('gp', key), comparedToAll: holesPerTerritory('ga', key) };
      figures.set(key, { percentages, percentagesComparedToAll, values, valuesComparedToAll, sizes });
    }
    const ranks = new Map<string, Ranks>();
    for (const [scope, id] of campaign.ranked) {
      const key = groupKey(scope, id);
      const shown = campaign.shown.get(key) ?? 0;
      ranks.set(key, Object.fromEntries(TERRITORIES.map((t) => [t, marker('r', t, key, shown)])) as unknown as Ranks);
    }
    const sizes = { participants: holesPerTerritory('p'), comparedToAll: holesPerTerritory('a') };
    const about = {
      names: placeNames(place),
      sizeBand: placeSizeBand(place),
      edition: { year: place.campaignNumber, sizes, withheld: marker('w') as unknown as Territory[] },
      minGroupSize,
      review: placeReview(place),
    };
    const json = encodeWithIndicators({ edition, answers: campaign.answers, notes: campaign.notes }, (indicators) => ({
      response: buildResultReport({ figures, ranks }, { tree: edition.tree, indicators }, about),
    }));
    // split with a capturing group: text, hole, text, hole, ..., text.
    const pieces = json.toString().split(HOLE);
    const segments: Buffer[] = [];
    const holes: Hole[] = [];
    for (let i = 0; i < pieces.length; i++) {
      if (i % 2 === 0) segments.push(Buffer.from(pieces[i]));
      else holes.push(decode(pieces[i]));
    }
    return new ResultTemplate(
      segments,
      holes,
      segments.reduce((n, s) => n + s.length, 0),
      !countedInMeans(place),
    );
  }

  /** The body with its territories' figures from their parts, as encodeResult builds it from the same state. */
  fill(parts: Record<Territory, TerritoryPart>, minGroupSize: number): Buffer {
    const withheld = Object.fromEntries(TERRITORIES.map((t) => [t, withheldOf(parts[t], minGroupSize)])) as Record<Territory, boolean>;
    const text = this.holes.map((hole) => {
      if (hole.kind === 'withheld') return JSON.stringify(TERRITORIES.filter((t) => withheld[t]));
      const part = parts[hole.territory];
      switch (hole.kind) {
        case 'participants':
          return String(part.participants);
        case 'comparedToAll':
          return String(territorySizeComparedToAll(part));
        case 'groupParticipants':
          return String(part.sums.get(hole.key)?.participants ?? 0);
        case 'groupComparedToAll':
          return String(groupSizeComparedToAll(part.sums.get(hole.key)?.participants ?? 0, part));
        case 'rank': {
          if (withheld[hole.territory]) return 'null';
          return JSON.stringify(rankOf(part.above.get(hole.key)?.[hole.shown] ?? 0, part.sums.get(hole.key)?.participants ?? 0, this.outsideMeans));
        }
        case 'figure': {
          const sum = part.sums.get(hole.key);
          if (!sum || withheld[hole.territory]) return 'null';
          const total = hole.field.startsWith('percentages') ? sum.percentageSum : sum.valueSum;
          const mean = hole.field.endsWith('ComparedToAll') ? allEntitiesMean(total, sum.participants, part) : participantsMean(total, sum.participants);
          return JSON.stringify(mean);
        }
      }
    });
    return interleave(this.segments, text, this.size);
  }
}
