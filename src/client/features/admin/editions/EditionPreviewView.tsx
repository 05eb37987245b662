import { Button, Form } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.js';
import type { Subindicator } from '../../../../shared/api/campaigns.js';
import type { EditionPreview } from '../../../../shared/api/editions.js';
import { editionsActions } from './editionsSlice.js';
import { selectEditions, selectPreviewGroups } from './editionsSelectors.js';
import { EditionDiffView } from './EditionDiffView.js';
import { QuestionAsks } from '../../campaigns/QuestionAsks.js';
import type { AxisGroup } from '../../campaigns/campaignsSelectors.js';
import { AxisFrame, IndicatorFrame } from '../../campaigns/QuestionnaireFrame.js';

/** A question as an entity will see it (the choices it will be offered), read-only, with each choice's points. */
function PreviewQuestion({ subindicator }: { subindicator: Subindicator }) {
  const single = subindicator.type === 'single';
  return (
    <fieldset disabled className="answer-picker">
      <legend className="fs-6 fw-semibold">{subindicator.text}</legend>
      <QuestionAsks subindicator={subindicator} />
      {subindicator.responses
        .filter((r) => !r.obsolete)
        .map((r) => (
          <Form.Check
            key={r.id}
            id={`preview-${r.id}`}
            type={single ? 'radio' : 'checkbox'}
            name={`preview-${subindicator.id}`}
            label={
              <>
                {r.text}{' '}
                <span className="badge text-bg-light border ms-1">
                  <FormattedMessage id="EDITIONS.PREVIEW.POINTS" values={{ points: r.value }} />
                </span>
              </>
            }
          />
        ))}
    </fieldset>
  );
}

/** A questionnaire not yet published, grouped as the questionnaire page groups it (an uploaded file's, a draft's). */
export function PreviewQuestionnaire({ axes, open = true }: { axes: AxisGroup[]; open?: boolean }) {
  return (
    <details className="mt-3" open={open} data-testid="edition-preview-questionnaire">
      <summary className="fw-semibold">
        <FormattedMessage id="EDITIONS.PREVIEW.QUESTIONNAIRE" />
      </summary>
      {axes.map((axis) => (
        <AxisFrame key={axis.axisId} axisText={axis.axisText} heading="h4" className="mt-3">
          {axis.policies.map((policy) => (
            <div key={policy.policyId} className="mb-3">
              <h5 className="h6 text-uppercase text-body-secondary mt-3">{policy.policyText}</h5>
              {policy.measures.map((measure) => (
                <div key={measure.measureId}>
                  <p className="small fw-semibold mb-2">{measure.measureText}</p>
                  {measure.indicators.map((indicator) => (
                    <IndicatorFrame key={indicator.id} text={indicator.text}>
                      {indicator.subindicators.map((s) => (
                        <PreviewQuestion key={s.id} subindicator={s} />
                      ))}
                    </IndicatorFrame>
                  ))}
                </div>
              ))}
            </div>
          ))}
        </AxisFrame>
      ))}
    </details>
  );
}

/** The checked file: its edition and size, the differences from the previous edition, 'Importar edición' and the questionnaire. */
export function EditionPreviewView({ preview }: { preview: EditionPreview }) {
  const dispatch = useAppDispatch();
  const importing = useAppSelector(selectEditions).import.status === 'loading';
  const groups = useAppSelector(selectPreviewGroups);
  return (
    <div className="mt-3 border-top pt-3" data-testid="edition-preview">
      <h4 className="h5">
        <FormattedMessage id="EDITIONS.PREVIEW.TITLE" values={{ year: preview.year }} />
      </h4>
      <p className="mb-1">{preview.title}</p>
      <p className="small text-body-secondary">
        <FormattedMessage id="EDITIONS.PREVIEW.COUNTS" values={preview.counts} />
      </p>
      <EditionDiffView diff={preview.diff} previousYear={preview.previousYear} />
      <div className="d-flex flex-wrap gap-2">
        <Button onClick={() => dispatch(editionsActions.importAsked({ year: preview.year }))} disabled={importing}>
          <FormattedMessage id="EDITIONS.IMPORT" />
        </Button>
        <Button variant="outline-secondary" onClick={() => dispatch(editionsActions.uploadCancelled())} disabled={importing}>
          <FormattedMessage id="COMMON.CANCEL" />
        </Button>
      </div>
      <PreviewQuestionnaire axes={groups} />
    </div>
  );
}
