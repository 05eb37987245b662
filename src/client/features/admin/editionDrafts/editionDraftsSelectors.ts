import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/rootReducer.js';
import { localize, readingOrder, TRANSLATION_LANGUAGES, type TranslationLanguage, type Translations } from '../../../../shared/editionTexts.js';
import { groupIndicators } from '../../campaigns/campaignsSelectors.js';
import type { FileProblem, TreeLevel } from '../../../../shared/api/editions.js';

export const selectEditionDrafts = (state: RootState) => state.editionDrafts;
export const selectDraftDocument = (state: RootState): DraftNode | null => (state.editionDrafts.draft.data?.document as DraftNode | undefined) ?? null;

/**
 * A node of a draft as the editor reads it: the catalogue as FORMAT.md writes it, which a half-written draft may
 * not follow yet (a list missing, a value of another type), so that every field is read with care.
 */
export type DraftNode = Record<string, unknown>;

const isNode = (v: unknown): v is DraftNode => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A node's children of a list (none when the list is missing or not one). */
export const childrenOf = (node: DraftNode, key: string): DraftNode[] => (Array.isArray(node[key]) ? (node[key] as unknown[]).filter(isNode) : []);
/** A field as text ('' when it is not one). */
export const textOf = (node: DraftNode, key: string): string => (typeof node[key] === 'string' ? (node[key] as string) : '');
export const translationsOf = (node: DraftNode): Translations => (isNode(node.translations) ? (node.translations as Translations) : {});

/** The list of children of each level, and the fields each level's texts are in. */
const LISTS = ['competences', 'axes', 'policies', 'measures', 'indicators', 'subindicators', 'responses'];

/** Every node of a draft with its text fields, in document order. */
function* textNodes(doc: DraftNode): Generator<[DraftNode, string[]]> {
  yield [doc, ['title']];
  const walk = function* (node: DraftNode): Generator<[DraftNode, string[]]> {
    for (const key of LISTS)
      for (const child of childrenOf(node, key)) {
        yield [child, ['text', 'evidenceCriteria']];
        yield* walk(child);
      }
  };
  yield* walk(doc);
}

/**
 * How many of a draft's texts each language lacks: a text read in Spanish by that language's readers (for
 * Valencian, a text with neither a Valencian nor a Catalan translation), and how many texts there are.
 */
export const selectTranslationGaps = createSelector([selectDraftDocument], (doc) => {
  const missing = Object.fromEntries(TRANSLATION_LANGUAGES.map((l) => [l, 0])) as Record<TranslationLanguage, number>;
  let texts = 0;
  if (!doc) return { texts, missing };
  for (const [node, fields] of textNodes(doc)) {
    const translations = translationsOf(node);
    for (const field of fields) {
      if (textOf(node, field) === '') continue;
      texts += 1;
      for (const language of TRANSLATION_LANGUAGES) if (!readingOrder(language).some((l) => translations[l]?.[field])) missing[language] += 1;
    }
  }
  return { texts, missing };
});

/** Every code a draft uses, to name a new node with one no other has. */
export const selectDraftCodes = createSelector([selectDraftDocument], (doc) => {
  const codes = new Set<string>();
  const walk = (node: DraftNode) => {
    for (const key of LISTS.slice(1, -1))
      for (const child of childrenOf(node, key)) {
        codes.add(textOf(child, 'code'));
        walk(child);
      }
  };
  if (doc) walk(doc);
  return codes;
});

/** The first code `<prefix><n>` no node has, from the number after the node's siblings. */
export function freeCode(prefix: string, siblings: number, taken: ReadonlySet<string>): string {
  for (let n = siblings + 1; ; n++) if (!taken.has(`${prefix}${n}`)) return `${prefix}${n}`;
}

/** Points as typed: a number from 0 to 100 (with a comma or a point), or null when it is not one. */
export function typedPoints(typed: string): number | null {
  const text = typed.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return value <= 100 ? value : null;
}

/** The draft's questionnaire as an entity will see it, in the reader's language (none while it has problems). */
export const selectDraftPreviewGroups = createSelector(
  [(state: RootState) => state.editionDrafts.draft.data?.indicators ?? null, (state: RootState) => state.locale.language],
  (indicators, language) => (indicators ? groupIndicators(localize(indicators, language)) : null),
);

/** A node a node of the level below may be moved under: its code, its text, and how many children it has. */
export interface ParentChoice {
  code: string;
  text: string;
  children: number;
}

/** The list of children of each level above the responses, in order (the catalogue's axes first). */
const LEVEL_LISTS = [
  ['axis', 'axes'],
  ['policy', 'policies'],
  ['measure', 'measures'],
  ['indicator', 'indicators'],
  ['subindicator', 'subindicators'],
] as const;

/**
 * Where a node of each level may go ('Mover a'): every node of the level above it, in document order; an axis
 * goes nowhere (it is under the questionnaire itself).
 */
export const selectParentChoices = createSelector([selectDraftDocument], (doc) => {
  const choices: Partial<Record<TreeLevel, { level: TreeLevel; nodes: ParentChoice[] }>> = {};
  let nodes = doc ? [doc] : [];
  LEVEL_LISTS.forEach(([level, list], i) => {
    nodes = nodes.flatMap((n) => childrenOf(n, list));
    const [childLevel, childList] = LEVEL_LISTS[i + 1] ?? ['response', 'responses'];
    choices[childLevel] = {
      level,
      nodes: nodes.map((n) => ({ code: textOf(n, 'code'), text: textOf(n, 'text'), children: childrenOf(n, childList).length })),
    };
  });
  return choices;
});

/** The node a problem's JSON path is about: the path up to its last list index ('axes[0].policies[1]' of 'axes[0].policies[1].measures'; '' for the edition). */
export const nodePathOf = (path: string): string => path.slice(0, path.lastIndexOf(']') + 1);

/** The draft's problems by the node each is about (its JSON path), to show each beside its node in the tree. */
export const selectProblemsByNode = createSelector([(state: RootState) => state.editionDrafts.draft.data?.problems], (problems) => {
  const byNode = new Map<string, FileProblem[]>();
  for (const problem of problems ?? []) {
    const node = nodePathOf(problem.path);
    byNode.set(node, [...(byNode.get(node) ?? []), problem]);
  }
  return byNode;
});

/** How many of the draft's problems are about a node or anything under it (shown on a folded branch). */
export const countProblemsUnder = (byNode: ReadonlyMap<string, readonly FileProblem[]>, path: string): number => {
  let count = 0;
  for (const [node, problems] of byNode) if (node === path || node.startsWith(`${path}.`)) count += problems.length;
  return count;
};
