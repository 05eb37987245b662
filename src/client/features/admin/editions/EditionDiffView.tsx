import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { EditionDiff } from '../../../../shared/api/editions.js';

/** One list of differences under its heading with its count; nothing when empty. */
function DiffList({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <div className="mb-2">
      <h5 className="h6 mb-1">
        <FormattedMessage id={title} values={{ count }} />
      </h5>
      <ul className="small mb-0 text-break">{children}</ul>
    </div>
  );
}

const Code = ({ code }: { code: string }) => <code className="me-1">{code}</code>;

type Asks = EditionDiff['questions']['asksChanged'][number]['before'];

/** What a question asks beyond its answer, in words: 'Evidencia obligatoria · Admite «No aplica»'. */
function AsksText({ asks }: { asks: Asks }) {
  return (
    <>
      <FormattedMessage id={`EDITIONS.DIFF.EVIDENCE.${asks.evidenceRule}`} />
      {' · '}
      <FormattedMessage id={asks.allowsNotApplicable ? 'QUESTIONNAIRE.ASKS.NOT_APPLICABLE' : 'EDITIONS.DIFF.NO_NOT_APPLICABLE'} />
    </>
  );
}

/** What changes from the previous edition: measures and questions added, removed, renamed, points changed. */
export function EditionDiffView({ diff, previousYear }: { diff: EditionDiff | null; previousYear: number | null }) {
  if (!diff || previousYear === null) {
    return (
      <p className="small">
        <FormattedMessage id="EDITIONS.DIFF.FIRST" />
      </p>
    );
  }
  const { measures, questions } = diff;
  const lists = [
    measures.added,
    measures.removed,
    measures.renamed,
    questions.added,
    questions.removed,
    questions.renamed,
    questions.pointsChanged,
    questions.asksChanged,
  ];
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  return (
    <section aria-labelledby="edition-diff-title" className="mb-3" data-testid="edition-diff">
      <h4 id="edition-diff-title" className="h6 text-primary-emphasis">
        <FormattedMessage id="EDITIONS.DIFF.TITLE" values={{ year: previousYear }} />
      </h4>
      {total === 0 && (
        <p className="small">
          <FormattedMessage id="EDITIONS.DIFF.NONE" values={{ year: previousYear }} />
        </p>
      )}
      <DiffList title="EDITIONS.DIFF.MEASURES_ADDED" count={measures.added.length}>
        {measures.added.map((m) => (
          <li key={m.code}>
            <Code code={m.code} />
            {m.text}
          </li>
        ))}
      </DiffList>
      <DiffList title="EDITIONS.DIFF.MEASURES_REMOVED" count={measures.removed.length}>
        {measures.removed.map((m) => (
          <li key={m.code}>
            <Code code={m.code} />
            {m.text}
          </li>
        ))}
      </DiffList>
      <DiffList title="EDITIONS.DIFF.MEASURES_RENAMED" count={measures.renamed.length}>
        {measures.renamed.map((m) => (
          <li key={m.code}>
            <Code code={m.code} />
            <del>{m.before}</del> → {m.after}
          </li>
        ))}
      </DiffList>
      <DiffList title="EDITIONS.DIFF.QUESTIONS_ADDED" count={questions.added.length}>
        {questions.added.map((q) => (
          <li key={q.code}>
            <Code code={q.code} />
            {q.text}
          </li>
        ))}
      </DiffList>
      <DiffList title="EDITIONS.DIFF.QUESTIONS_REMOVED" count={questions.removed.length}>
        {questions.removed.map((q) => (
          <li key={q.code}>
            <Code code={q.code} />
            {q.text}
          </li>
        ))}
      </DiffList>
      <DiffList title="EDITIONS.DIFF.QUESTIONS_RENAMED" count={questions.renamed.length}>
        {questions.renamed.map((q) => (
          <li key={q.code}>
            <Code code={q.code} />
            <del>{q.before}</del> → {q.after}
          </li>
        ))}
      </DiffList>
      <DiffList title="EDITIONS.DIFF.POINTS_CHANGED" count={questions.pointsChanged.length}>
        {questions.pointsChanged.map((q) => (
          <li key={q.code}>
            <Code code={q.code} />
            {q.text} <FormattedMessage id="EDITIONS.DIFF.MAX_POINTS" values={{ before: q.before, after: q.after }} />
          </li>
        ))}
      </DiffList>
      <DiffList title="EDITIONS.DIFF.ASKS_CHANGED" count={questions.asksChanged.length}>
        {questions.asksChanged.map((q) => (
          <li key={q.code}>
            <Code code={q.code} />
            {q.text}: <AsksText asks={q.before} /> → <AsksText asks={q.after} />
            {q.after.evidenceCriteria !== null && q.after.evidenceCriteria !== q.before.evidenceCriteria && (
              <>
                {' '}
                <FormattedMessage id="QUESTIONNAIRE.ASKS.CRITERIA" values={{ criteria: q.after.evidenceCriteria }} />
              </>
            )}
          </li>
        ))}
      </DiffList>
    </section>
  );
}
