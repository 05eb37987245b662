import { useState } from 'react';
import { Card, Collapse, Spinner } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { AnswerPicker } from '../campaigns/AnswerPicker.js';
import { Pager } from '../../components/Pager.js';
import { Loading } from '../../components/Loading.js';
import { CollapsibleHeading } from '../../components/CollapsibleHeading.js';
import type { IndicatorGroup } from '../../../shared/api/campaigns.js';
import { resultsActions } from './resultsSlice.js';
import { selectAnswersDownloadable, selectAnswersPage, selectReportFilters, selectResults } from './resultsSelectors.js';
import { usePrinting } from '../../lib/printing.js';
import { DownloadButtons } from '../../components/DownloadButtons.js';

function IndicatorAnswers({ indicator }: { indicator: IndicatorGroup }) {
  return (
    <article className="answer-indicator border-top pt-3 mt-3">
      <p className="small text-body-secondary mb-1">
        {indicator.axisText} › {indicator.policyText} › {indicator.measureText}
      </p>
      <h3 className="h6">{indicator.text}</h3>
      <div className="d-grid gap-2">
        {indicator.subindicators.map((sub) => (
          <AnswerPicker key={sub.id} subindicator={sub} readOnly />
        ))}
      </div>
    </article>
  );
}

/**
 * 'Mis Respuestas': on screen collapsible and paged (three indicators a page), with 'Descargar CSV' and 'Descargar
 * Excel' of every answer once the result is in; on paper every indicator, and only when includeAnswers is on.
 */
export function MyAnswers() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const { answers } = useAppSelector(selectResults);
  const { includeAnswers } = useAppSelector(selectReportFilters);
  const page = useAppSelector(selectAnswersPage);
  const downloadable = useAppSelector(selectAnswersDownloadable);
  // Every indicator is laid out for paper only while printing: on screen it would be thousands of hidden nodes.
  const printing = usePrinting();
  const title = intl.formatMessage({ id: 'RESULTS.ANSWERS.TITLE' });
  let body;
  if (answers.status === 'loading' || answers.status === 'idle') body = <Loading />;
  else if (answers.status === 'failed')
    body = (
      <p className="text-danger" role="alert">
        <FormattedMessage id="COMMON.LOAD_FAILED" />
      </p>
    );
  else if (page.total === 0)
    body = (
      <p className="text-body-secondary">
        <FormattedMessage id="RESULTS.ANSWERS.EMPTY" />
      </p>
    );
  return (
    <Card
      as="section"
      className={`report-block answers-section mb-4${includeAnswers ? '' : ' d-print-none'}`}
      aria-labelledby="answers-title"
      data-testid="answers-section"
    >
      <Card.Header className="bg-white d-flex flex-wrap align-items-center">
        <CollapsibleHeading id="answers" open={open} onToggle={() => setOpen(!open)}>
          {title}
        </CollapsibleHeading>
        {answers.status === 'loading' && (
          <Spinner animation="border" size="sm" className="ms-2" role="status" aria-label={intl.formatMessage({ id: 'APP.LOADING' })} />
        )}
        {downloadable && (
          <div className="ms-auto d-print-none">
            <DownloadButtons
              label={title}
              onCsv={() => dispatch(resultsActions.csvRequested({ table: 'answers' }))}
              onExcel={() => dispatch(resultsActions.excelRequested({ table: 'answers' }))}
            />
          </div>
        )}
      </Card.Header>
      <Collapse in={open}>
        <div id="answers-body" className="d-print-none">
          <Card.Body>
            {body ?? (
              <>
                {page.rows.map((indicator) => (
                  <IndicatorAnswers key={indicator.id} indicator={indicator} />
                ))}
                <div className="mt-3">
                  <Pager page={page.page} pages={page.pages} onChange={(p) => dispatch(resultsActions.answersPageChanged(p))} label={title} />
                </div>
              </>
            )}
          </Card.Body>
        </div>
      </Collapse>
      {includeAnswers && printing && answers.indicators && (
        <div className="d-none d-print-block card-body answers-print" data-testid="answers-print">
          {answers.indicators.map((indicator) => (
            <IndicatorAnswers key={indicator.id} indicator={indicator} />
          ))}
        </div>
      )}
    </Card>
  );
}
