import type { Catalogue, CatalogueSubindicator } from './parse.js';
import { maxPoints } from '../../shared/scoring.js';
import type { EvidenceRule } from '../../shared/constants.js';

/** A measure or question by its code and text. */
export interface DiffItem {
  code: string;
  text: string;
}
/** A measure or question whose code stayed and whose text changed. */
export interface DiffRenamed {
  code: string;
  before: string;
  after: string;
}
/** A question whose responses' points changed: its maximum before and after (docs/scoring.md). */
export interface DiffPoints {
  code: string;
  text: string;
  before: number;
  after: number;
}

/** What a question asks beyond its answer: evidence (and what it must show) and whether "No aplica" is allowed. */
export interface QuestionAsks {
  evidenceRule: EvidenceRule;
  evidenceCriteria: string | null;
  allowsNotApplicable: boolean;
}
/** A question whose code stayed and that asks something else beyond its answer. */
export interface DiffAsks {
  code: string;
  text: string;
  before: QuestionAsks;
  after: QuestionAsks;
}

/** What changed from one edition's questionnaire to the next, matched by code (FORMAT.md, "Editions, comparisons and codes"). */
export interface EditionDiff {
  measures: { added: DiffItem[]; removed: DiffItem[]; renamed: DiffRenamed[] };
  questions: { added: DiffItem[]; removed: DiffItem[]; renamed: DiffRenamed[]; pointsChanged: DiffPoints[]; asksChanged: DiffAsks[] };
  /** Codes of the policies of the newer edition whose questions or points differ from the older one's. */
  changedPolicies: string[];
}

interface Question {
  policy: string;
  sub: CatalogueSubindicator;
}

const measuresOf = (c: Catalogue) => new Map(c.axes.flatMap((a) => a.policies.flatMap((p) => p.measures.map((m) => [m.code, m.text] as const))));

function questionsOf(c: Catalogue): Map<string, Question> {
  const questions = new Map<string, Question>();
  for (const a of c.axes)
    for (const p of a.policies)
      for (const m of p.measures) for (const i of m.indicators) for (const s of i.subindicators) questions.set(s.code, { policy: p.code, sub: s });
  return questions;
}

/** A question's asks as a file writes them, the defaults filled in. */
const asksOf = (sub: CatalogueSubindicator): QuestionAsks => ({
  evidenceRule: sub.evidenceRule ?? 'none',
  evidenceCriteria: sub.evidenceCriteria ?? null,
  allowsNotApplicable: sub.allowsNotApplicable === true,
});
const sameAsks = (a: QuestionAsks, b: QuestionAsks) =>
  a.evidenceRule === b.evidenceRule && a.evidenceCriteria === b.evidenceCriteria && a.allowsNotApplicable === b.allowsNotApplicable;

const pointsKey = (sub: CatalogueSubindicator) => JSON.stringify([sub.type, sub.responses.map((r) => [r.code, r.value, r.obsolete === true])]);

/** Items of `after` whose code `before` lacks, and the code kept with another text. */
function compareTexts(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>) {
  const added: DiffItem[] = [];
  const renamed: DiffRenamed[] = [];
  for (const [code, text] of after) {
    const old = before.get(code);
    if (old === undefined) added.push({ code, text });
    else if (old !== text) renamed.push({ code, before: old, after: text });
  }
  const removed = [...before].filter(([code]) => !after.has(code)).map(([code, text]) => ({ code, text }));
  return { added, removed, renamed };
}

/** The differences from `before` (the previous edition) to `after`: measures and questions added, removed, renamed; points changed. */
export function diffEditions(before: Catalogue, after: Catalogue): EditionDiff {
  const measures = compareTexts(measuresOf(before), measuresOf(after));
  const [oldQuestions, newQuestions] = [questionsOf(before), questionsOf(after)];
  const texts = (q: Map<string, Question>) => new Map([...q].map(([code, { sub }]) => [code, sub.text]));
  const questions = compareTexts(texts(oldQuestions), texts(newQuestions));
  const pointsChanged: DiffPoints[] = [];
  const asksChanged: DiffAsks[] = [];
  for (const [code, { sub }] of newQuestions) {
    const old = oldQuestions.get(code)?.sub;
    if (old && pointsKey(old) !== pointsKey(sub)) pointsChanged.push({ code, text: sub.text, before: maxPoints(old), after: maxPoints(sub) });
    if (old && !sameAsks(asksOf(old), asksOf(sub))) asksChanged.push({ code, text: sub.text, before: asksOf(old), after: asksOf(sub) });
  }
  const changed = new Set<string>();
  for (const item of [...questions.added, ...questions.renamed, ...pointsChanged]) changed.add(newQuestions.get(item.code)!.policy);
  for (const item of questions.removed) changed.add(oldQuestions.get(item.code)!.policy);
  const policyOrder = after.axes.flatMap((a) => a.policies.map((p) => p.code));
  return { measures, questions: { ...questions, pointsChanged, asksChanged }, changedPolicies: policyOrder.filter((p) => changed.has(p)) };
}
