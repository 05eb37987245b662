import { Card } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { DownloadButtons } from '../../components/DownloadButtons.js';
import { Loading } from '../../components/Loading.js';
import { EmptyState, FailedState } from '../../components/StatusMessage.js';
import { formatPoints } from '../../lib/numbers.js';
import type { PlanMeasure, PlanQuestion } from './improvementPlan.js';
import { GradedPercent } from './MeasuresSection.js';
import { resultsActions } from './resultsSlice.js';
import { selectImprovementPlan, selectResults } from './resultsSelectors.js';

/** One question that lost points: the campaign's answer, its points and the answer that scores the most. */
function PlanQuestionView({ question }: { question: PlanQuestion }) {
  const intl = useIntl();
  const points = (value: number) => formatPoints(intl, value);
  return (
    <li className="plan-question" data-testid="plan-question">
      <p className="fw-semibold mb-1">{question.text}</p>
      <p className="small text-body-secondary mb-1">{question.indicatorText}</p>
      <dl className="plan-question-details mb-0">
        <dt>
          <FormattedMessage id="RESULTS.PLAN.ANSWER" />
        </dt>
        <dd>{question.chosen.length > 0 ? question.chosen.map((r) => r.text).join(' / ') : <FormattedMessage id="RESULTS.PLAN.UNANSWERED" />}</dd>
        <dt>
          <FormattedMessage id="RESULTS.PLAN.POINTS" />
        </dt>
        <dd>
          <FormattedMessage id="RESULTS.PLAN.QUESTION_POINTS" values={{ value: points(question.value), max: points(question.max) }} />
        </dd>
        <dt>
          <FormattedMessage id={`RESULTS.PLAN.BEST.${question.type}`} />
        </dt>
        <dd>
          <ul className="list-unstyled mb-0" data-testid="plan-best">
            {question.best.map((r) => (
              <li key={r.id}>
                <span className="fw-semibold">{r.text}</span> ({points(r.value)})
                {r.chosen && (
                  <span className="text-body-secondary">
                    {' · '}
                    <FormattedMessage id="RESULTS.PLAN.ALREADY_CHOSEN" />
                  </span>
                )}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
    </li>
  );
}

/** A red or amber measure: its place, its points and what is still available, then its questions. */
function PlanMeasureView({ measure }: { measure: PlanMeasure }) {
  const intl = useIntl();
  const titleId = `plan-measure-${measure.measureId}`;
  return (
    <Card as="section" className="report-block plan-measure mb-3" aria-labelledby={titleId} data-testid="plan-measure" data-grade={measure.grade}>
      <Card.Header className="bg-white">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2">
          <h3 id={titleId} className="h6 mb-0">
            {measure.measureText}
          </h3>
          <span className="badge text-bg-light border text-wrap" data-testid="plan-available">
            <FormattedMessage id="RESULTS.PLAN.AVAILABLE" values={{ points: formatPoints(intl, measure.available), count: measure.available }} />
          </span>
        </div>
        <p className="small text-body-secondary mb-0">
          <FormattedMessage id="RESULTS.PLAN.PLACE" values={{ axis: measure.axisText, policy: measure.policyText }} />
          {' · '}
          <FormattedMessage id="RESULTS.PLAN.OBTAINED" values={{ value: formatPoints(intl, measure.value), max: formatPoints(intl, measure.max) }} />
          {' · '}
          <GradedPercent fraction={measure.percentage} />
        </p>
      </Card.Header>
      <Card.Body>
        <h4 className="visually-hidden">
          <FormattedMessage id="RESULTS.PLAN.QUESTIONS" />
        </h4>
        <ol className="list-unstyled mb-0 plan-questions">
          {measure.questions.map((q) => (
            <PlanQuestionView key={q.id} question={q} />
          ))}
        </ol>
      </Card.Body>
    </Card>
  );
}

/** 'Plan de mejora': the red and amber measures, most points still available first (improvementPlan.ts). */
export function ImprovementPlanView() {
  const dispatch = useAppDispatch();
  const { result } = useAppSelector(selectResults);
  const plan = useAppSelector(selectImprovementPlan);
  return (
    <section aria-labelledby="plan-title" data-testid="improvement-plan">
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-2">
        <h2 id="plan-title" className="h4 mb-0">
          <FormattedMessage id="RESULTS.PLAN.TITLE" />
        </h2>
        {plan && plan.length > 0 && (
          <div className="d-print-none">
            <DownloadButtons
              onCsv={() => dispatch(resultsActions.csvRequested({ table: 'plan' }))}
              onExcel={() => dispatch(resultsActions.excelRequested({ table: 'plan' }))}
            />
          </div>
        )}
      </div>
      {result.status === 'failed' && <FailedState message="COMMON.LOAD_FAILED" />}
      {result.status === 'loading' && (
        <div className="report-pending">
          <Loading />
        </div>
      )}
      {plan && plan.length === 0 && <EmptyState message="RESULTS.PLAN.EMPTY" />}
      {plan && plan.length > 0 && (
        <>
          <p className="text-body-secondary">
            <FormattedMessage id="RESULTS.PLAN.INTRO" />
          </p>
          {plan.map((measure) => (
            <PlanMeasureView key={measure.measureId} measure={measure} />
          ))}
        </>
      )}
    </section>
  );
}
