import { randomUUID } from 'node:crypto';
import type { IndicatorGroup } from '../../shared/api/campaigns.js';
import { JsonWithHoles } from './rawJson.js';

/** A measure, policy or axis of the questionnaire tree. */
export interface TreeNode {
  id: number;
  text: string;
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
  /** withAnswers(indicators, answers) as UTF-8 JSON, from text encoded once: no per-request stringify. */
  indicatorsJson(answers: ReadonlyMap<number, number[]>): Buffer;
}

/** Axes, their policies and those policies' measures, in questionnaire order, from the indicators. */
export function questionnaireTree(indicators: readonly IndicatorGroup[]): TreeAxis[] {
  const axes: TreeAxis[] = [];
  for (const i of indicators) {
    let axis = axes.find((a) => a.id === i.axisId);
    if (!axis) axes.push((axis = { id: i.axisId, text: i.axisText, policies: [] }));
    let policy = axis.policies.find((p) => p.id === i.policyId);
    if (!policy) axis.policies.push((policy = { id: i.policyId, text: i.policyText, measures: [] }));
    if (!policy.measures.some((m) => m.id === i.measureId)) policy.measures.push({ id: i.measureId, text: i.measureText });
  }
  return axes;
}

/** The indicators with one campaign's answers; the cached questionnaire is left untouched. */
export function withAnswers(indicators: readonly IndicatorGroup[], answers: ReadonlyMap<number, number[]>): IndicatorGroup[] {
  return indicators.map((indicator) => ({
    ...indicator,
    subindicators: indicator.subindicators.map((s) => ({ ...s, answer: answers.get(s.id) ?? null })),
  }));
}

/** The cached form of an edition's indicators (every answer null). */
export function prepareEdition(indicators: IndicatorGroup[]): EditionQuestionnaire {
  const marker = `answer-${randomUUID()}`;
  const subindicatorIds = indicators.flatMap((i) => i.subindicators.map((s) => s.id));
  const withMarkers = indicators.map((i) => ({ ...i, subindicators: i.subindicators.map((s) => ({ ...s, answer: marker })) }));
  const template = new JsonWithHoles(withMarkers, marker, subindicatorIds.length);
  return deepFreeze({
    indicators,
    tree: questionnaireTree(indicators),
    // An answer is an array of integers or null: plain ASCII, as the template needs.
    indicatorsJson: (answers) => template.fill(subindicatorIds.map((id) => JSON.stringify(answers.get(id) ?? null))),
  });
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
  private readonly editions = new Map<number, Promise<EditionQuestionnaire>>();

  constructor(private readonly load: (editionId: number) => Promise<IndicatorGroup[]>) {}

  /** The edition's questionnaire (frozen: callers copy before changing anything). */
  get(editionId: number, catalogueVersion: string): Promise<EditionQuestionnaire> {
    if (catalogueVersion !== this.version) {
      this.editions.clear();
      this.version = catalogueVersion;
    }
    let entry = this.editions.get(editionId);
    if (!entry) {
      // Concurrent first calls share one load; a failed load is forgotten so that the next call retries.
      const loading = this.load(editionId).then(prepareEdition);
      loading.catch(() => {
        if (this.editions.get(editionId) === loading) this.editions.delete(editionId);
      });
      this.editions.set(editionId, (entry = loading));
    }
    return entry;
  }
}
