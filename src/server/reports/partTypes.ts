/** What a result body is assembled from: reportParts.ts reads and keeps them, resultTemplate.ts fills a body from them. */
import type { TerritoryAggregate } from './territories.js';
import type { NotesByQuestion } from '../db/repositories/questionnaires.js';
import type { PackedAnswers } from './packedAnswers.js';
import type { PackedScores } from './packedScores.js';

/** One territory of one edition, as reports use it. */
export interface TerritoryPart {
  /** The territory's version and the registered entities' version, space separated. */
  version: string;
  registered: number;
  /** Its participants: the most any group has (every sent campaign scores every group), as meanSizes counts them. */
  participants: number;
  /** By group key "scope:categoryId". */
  sums: Map<string, TerritoryAggregate>;
  /** By global or axis group key: above[shown] is how many participants show a percentage above shown (tenths, 0..1000). */
  above: Map<string, Int32Array>;
}

/**
 * A sent campaign's own scores, answers and notes. Its version is its scores' version: a sent campaign's answers and
 * notes change only with a new submission (or a reopening), which changes that version too.
 */
export interface CampaignPart {
  version: string;
  /** Kept compactly: a process keeps thousands of parts. */
  answers: PackedAnswers;
  notes: NotesByQuestion;
  /** Kept compactly, as its answers are. */
  own: PackedScores;
  /** Its global and axis percentages as reports show them (tenths), by group key, for its ranks. */
  shown: Map<string, number>;
  /** The global and axis groups in the order they were read, [scope, category]. */
  ranked: [string, number][];
}
