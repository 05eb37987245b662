import { randomUUID } from 'node:crypto';
import {
  NO_NOTES,
  NO_VERSION,
  type AnswerNotes,
  type AnswerVersion,
  type IndicatorGroup,
  type ReviewMark,
  type Subindicator,
} from '../../shared/api/campaigns.js';
import type { Queryable } from '../db/client.js';
import type { AnswerLookup } from '../db/repositories/questionnaires.js';
import { asciiPiece, JsonWithHoles, textPiece, type Piece } from './rawJson.js';
import { scoredSubindicators, type ScoredSubindicator } from './scoring.js';
import { gatheredTranslations, type Translations } from '../../shared/editionTexts.js';

/** A measure, policy or axis of the questionnaire tree, with its text's translations (shared/editionTexts.ts). */
export interface TreeNode {
  id: number;
  text: string;
  translations?: Translations;
}
export interface TreePolicy extends TreeNode {
  measures: TreeNode[];
}
export interface TreeAxis extends TreeNode {
  policies: TreePolicy[];
}

/** One edition's questionnaire as the reports show it: indicators in order, every answer null, and its tree. */
export interface EditionQuestionnaire {
  indicators: readonly IndicatorGroup[];
  tree: readonly TreeAxis[];
  /** Every question in questionnaire order with its place in the tree, as scoring reads them. */
  scored: readonly ScoredSubindicator[];
  /** One question of the edition by id (validating an answer); undefined when it is not in this edition. */
  subindicator(id: number): Subindicator | undefined;
  /** The axis and policy of one question of the edition (a team assigns the questionnaire by them); undefined when it is not in this edition. */
  partOf(id: number): { axisId: number; policyId: number } | undefined;
  /** withAnswers(indicators, answers, notes, marks, versions) as UTF-8 JSON, from text encoded once: no per-request stringify of the questionnaire. */
  indicatorsJson(
    answers: AnswerLookup,
    notes: ReadonlyMap<number, AnswerNotes>,
    marks?: ReadonlyMap<number, ReviewMark>,
    versions?: ReadonlyMap<number, AnswerVersion>,
  ): Buffer;
}

/** Axes, their policies and those policies' measures, in questionnaire order, from the indicators. */
export function questionnaireTree(indicators: readonly IndicatorGroup[]): TreeAxis[] {
  const axes: TreeAxis[] = [];
  for (const i of indicators) {
    let axis = axes.find((a) => a.id === i.axisId);
    if (!axis) axes.push((axis = { id: i.axisId, text: i.axisText, ...gatheredTranslations([i.translations, { axisText: 'text' }]), policies: [] }));
    let policy = axis.policies.find((p) => p.id === i.policyId);
    if (!policy)
      axis.policies.push((policy = { id: i.policyId, text: i.policyText, ...gatheredTranslations([i.translations, { policyText: 'text' }]), measures: [] }));
    if (!policy.measures.some((m) => m.id === i.measureId))
      policy.measures.push({ id: i.measureId, text: i.measureText, ...gatheredTranslations([i.translations, { measureText: 'text' }]) });
  }
  return axes;
}

/**
 * The indicators with one campaign's answers, notes, the reviewers' marks and the answers' versions given (campaigns/get;
 * NO_VERSION where none is); the cached questionnaire is left untouched.
 */
export function withAnswers(
  indicators: readonly IndicatorGroup[],
  answers: ReadonlyMap<number, number[]>,
  notes: ReadonlyMap<number, AnswerNotes> = new Map(),
  marks: ReadonlyMap<number, ReviewMark> = new Map(),
  versions: ReadonlyMap<number, AnswerVersion> = new Map(),
): IndicatorGroup[] {
  return indicators.map((indicator) => ({
    ...indicator,
    subindicators: indicator.subindicators.map((s) => {
      const { comment, notApplicable, evidence, prefilled } = notes.get(s.id) ?? NO_NOTES;
      const { version, lastChange } = versions.get(s.id) ?? NO_VERSION;
      // In CAMPAIGN_FIELDS order, as indicatorsJson writes them.
      return {
        ...omitCampaignFields(s),
        answer: answers.get(s.id) ?? null,
        comment,
        notApplicable,
        evidence,
        prefilled,
        review: marks.get(s.id) ?? null,
        version,
        lastChange,
      };
    }),
  }));
}

/** The fields of a sub-indicator that are the campaign's (its answer, notes, review mark and version), in the order they are filled in. */
const CAMPAIGN_FIELDS = ['answer', 'comment', 'notApplicable', 'evidence', 'prefilled', 'review', 'version', 'lastChange'] as const;

/** The pieces of JSON a question without notes or version has in those fields. */
const NO_NOTES_PIECES = [NO_NOTES.comment, NO_NOTES.notApplicable, NO_NOTES.evidence, NO_NOTES.prefilled].map(textPiece);
const NO_VERSION_PIECES = [NO_VERSION.version, NO_VERSION.lastChange].map(textPiece);
const NULL_PIECE = asciiPiece(null);

/** The cached form of an edition's indicators (every answer null). */
export function prepareEdition(indicators: IndicatorGroup[]): EditionQuestionnaire {
  const marker = `answer-${randomUUID()}`;
  const subindicatorIds = indicators.flatMap((i) => i.subindicators.map((s) => s.id));
  // Each campaign field last in its sub-indicator, in CAMPAIGN_FIELDS order, holding the marker.
  const marked = Object.fromEntries(CAMPAIGN_FIELDS.map((field) => [field, marker]));
  const withMarkers = indicators.map((i) => ({ ...i, subindicators: i.subindicators.map((s) => ({ ...omitCampaignFields(s), ...marked })) }));
  const template = new JsonWithHoles(withMarkers, marker, subindicatorIds.length * CAMPAIGN_FIELDS.length);
  const byId = new Map(indicators.flatMap((i) => i.subindicators.map((s) => [s.id, s] as const)));
  const partById = new Map(indicators.flatMap((i) => i.subindicators.map((s) => [s.id, { axisId: i.axisId, policyId: i.policyId }] as const)));
  return deepFreeze({
    indicators,
    tree: questionnaireTree(indicators),
    scored: scoredSubindicators(indicators),
    subindicator: (id) => byId.get(id),
    partOf: (id) => partById.get(id),
    indicatorsJson: (answers, notes, marks = new Map(), versions = new Map()) => {
      // In CAMPAIGN_FIELDS order; most questions have no notes, mark or version: their pieces are written once here.
      const pieces: Piece[] = [];
      for (const id of subindicatorIds) {
        const answer = answers.get(id);
        pieces.push(answer === undefined ? NULL_PIECE : asciiPiece(answer));
        const note = notes.get(id);
        if (note) pieces.push(textPiece(note.comment), textPiece(note.notApplicable), textPiece(note.evidence), asciiPiece(note.prefilled));
        else pieces.push(...NO_NOTES_PIECES);
        const mark = marks.get(id);
        pieces.push(mark === undefined ? NULL_PIECE : textPiece(mark));
        const version = versions.get(id);
        if (version) pieces.push(asciiPiece(version.version), textPiece(version.lastChange));
        else pieces.push(...NO_VERSION_PIECES);
      }
      return template.fill(pieces);
    },
  });
}

function omitCampaignFields(s: Subindicator): Omit<Subindicator, (typeof CAMPAIGN_FIELDS)[number]> {
  const {
    answer: _answer,
    comment: _comment,
    notApplicable: _notApplicable,
    evidence: _evidence,
    prefilled: _prefilled,
    review: _review,
    version: _version,
    lastChange: _lastChange,
    ...question
  } = s;
  return question;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Each edition's questionnaire, loaded from the database once per process.
 *
 * Why this is correct with several instances: an edition's indicators, sub-indicators and responses are
 * written once, by the import that creates the edition, and never updated (edition ids are never reused).
 * The one thing that may change afterwards is a category's text, which a later import renames; callers pass
 * the catalogue version (the set of edition ids, read from the database on every request), and a new version
 * drops every cached edition. An entry is loaded after its version was read, so it is never older than it.
 * Answers are never cached: withAnswers merges the ones read on each request.
 */
export class QuestionnaireCache {
  private version: string | undefined;
  /** Loads in progress, shared by concurrent callers outside a transaction. */
  private readonly loading = new Map<number, Promise<EditionQuestionnaire>>();
  /** Loads done, which any caller may use at once. */
  private readonly loaded = new Map<number, EditionQuestionnaire>();

  /** load reads an edition through the connection it is given (undefined: the database's own pool). */
  constructor(private readonly load: (editionId: number, q: Queryable | undefined) => Promise<IndicatorGroup[]>) {}

  /**
   * The edition's questionnaire (frozen: callers copy before changing anything). A caller inside a transaction
   * passes it as tx: a missing edition is then read through that transaction and never waits for a load in
   * progress elsewhere, which on PGlite (one connection) may be queued behind this very transaction.
   */
  get(editionId: number, catalogueVersion: string, tx?: Queryable): Promise<EditionQuestionnaire> {
    if (catalogueVersion !== this.version) {
      this.loading.clear();
      this.loaded.clear();
      this.version = catalogueVersion;
    }
    const done = this.loaded.get(editionId);
    if (done) return Promise.resolve(done);
    if (tx) return this.load(editionId, tx).then((indicators) => this.keep(editionId, catalogueVersion, prepareEdition(indicators)));
    let entry = this.loading.get(editionId);
    if (!entry) {
      // Concurrent first calls share one load; done or failed, it is forgotten here (a failed one is tried again).
      const load = this.load(editionId, undefined).then((indicators) => this.keep(editionId, catalogueVersion, prepareEdition(indicators)));
      const forget = () => void (this.loading.get(editionId) === load && this.loading.delete(editionId));
      load.then(forget, forget);
      this.loading.set(editionId, (entry = load));
    }
    return entry;
  }

  /** Keeps a loaded edition unless the catalogue version changed meanwhile. */
  private keep(editionId: number, catalogueVersion: string, edition: EditionQuestionnaire): EditionQuestionnaire {
    if (catalogueVersion === this.version) this.loaded.set(editionId, edition);
    return edition;
  }
}
