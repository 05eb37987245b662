import { FormattedMessage } from 'react-intl';
import type { Subindicator } from '../../../shared/api/campaigns.js';

export type QuestionAsksProps = { subindicator: Pick<Subindicator, 'evidenceRule' | 'evidenceCriteria' | 'allowsNotApplicable'> };

/**
 * What the edition asks of a question beyond its answer (catalogue/FORMAT.md): evidence, required or optional, with
 * what it must show, and whether "No aplica" may be answered. Nothing when it asks nothing.
 */
export function QuestionAsks({ subindicator: { evidenceRule, evidenceCriteria, allowsNotApplicable } }: QuestionAsksProps) {
  if (evidenceRule === 'none' && !allowsNotApplicable) return null;
  return (
    <div className="question-asks small mb-2" data-testid="question-asks">
      {evidenceRule !== 'none' && (
        <span className={`badge me-1 ${evidenceRule === 'required' ? 'text-bg-warning' : 'text-bg-light border'}`}>
          <FormattedMessage id={`QUESTIONNAIRE.ASKS.EVIDENCE.${evidenceRule}`} />
        </span>
      )}
      {allowsNotApplicable && (
        <span className="badge text-bg-light border me-1">
          <FormattedMessage id="QUESTIONNAIRE.ASKS.NOT_APPLICABLE" />
        </span>
      )}
      {evidenceCriteria !== null && (
        <p className="mb-0 mt-1 text-body-secondary">
          <FormattedMessage id="QUESTIONNAIRE.ASKS.CRITERIA" values={{ criteria: evidenceCriteria }} />
        </p>
      )}
    </div>
  );
}
