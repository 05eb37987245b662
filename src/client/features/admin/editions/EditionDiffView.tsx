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

/** What changes from the previous edition: measures and questions added, removed, renamed, points changed. */
export function EditionDiffView({ diff, previousYear }: { diff: EditionDiff | null; previousYear: number | null }) {
  if (!diff || previousYear === null) {
    return <p className="small"><FormattedMessage id="EDITIONS.DIFF.FIRST" /></p>;
  }
  const { measures, questions } = diff;
  const total = measures.added.length + measures.removed.length + measures.renamed.length + questions.added.length + questions.removed.length + questions.renamed.length + questions.pointsChanged.length;
  return (
    <section aria-labelledby="edition-diff-title" className="mb-3" data-testid="edition-diff">
      <h4 id="edition-diff-title" className="h6 text-primary-emphasis">
        <FormattedMessage id="EDITIONS.DIFF.TITLE" values={{ year: previousYear }} />
      </h4>
      {total === 0 && <p className="small"><FormattedMessage id="EDITIONS.DIFF.NONE" values={{ year: previousYear }} /></p>}
      <DiffList title="EDITIONS.DIFF.MEASURES_ADDED" count={measures.added.length}>
        {measures.added.map((m) => <li key={m.code}><Code code={m.code} />{m.text}</li>)}
      </DiffList>
      <DiffList title="EDITIONS.DIFF.MEASURES_REMOVED" count={measures.removed.length}>
        {measures.removed.map((m) => <li key={m.code}><Code code={m.code} />{m.text}</li>)}
      </DiffList>
      <DiffList title="EDITIONS.DIFF.MEASURES_RENAMED" count={measures.renamed.length}>
        {measures.renamed.map((m) => <li key={m.code}><Code code={m.code} /><del>{m.before}</del> → {m.after}</li>)}
      </DiffList>
      <DiffList title="EDITIONS.DIFF.QUESTIONS_ADDED" count={questions.added.length}>
        {questions.added.map((q) => <li key={q.code}><Code code={q.code} />{q.text}</li>)}
      </DiffList>
      <DiffList title="EDITIONS.DIFF.QUESTIONS_REMOVED" count={questions.removed.length}>
        {questions.removed.map((q) => <li key={q.code}><Code code={q.code} />{q.text}</li>)}
      </DiffList>
      <DiffList title="EDITIONS.DIFF.QUESTIONS_RENAMED" count={questions.renamed.length}>
        {questions.renamed.map((q) => <li key={q.code}><Code code={q.code} /><del>{q.before}</del> → {q.after}</li>)}
      </DiffList>
      <DiffList title="EDITIONS.DIFF.POINTS_CHANGED" count={questions.pointsChanged.length}>
        {questions.pointsChanged.map((q) => (
          <li key={q.code}>
            <Code code={q.code} />{q.text} <FormattedMessage id="EDITIONS.DIFF.MAX_POINTS" values={{ before: q.before, after: q.after }} />
          </li>
        ))}
      </DiffList>
    </section>
  );
}
