import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Button, Card, Form, Modal, Spinner } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CampaignDetail, ReviewVerdict, Subindicator } from '../../../shared/api/campaigns.js';
import { useAppDispatch, useAppSelector, useNotFoundWhen } from '../../app/hooks.js';
import { campaignIdParam } from '../../app/paths.js';
import { RemoteState } from '../../components/RemoteState.js';
import { DialogFooter } from '../../components/DialogFooter.js';
import { DialogHeader } from '../../components/DialogHeader.js';
import { SubmitButton } from '../../components/SubmitButton.js';
import { LabelledGroup } from '../../components/LabelledGroup.js';
import { formatShortMadridDay } from '../../lib/dates.js';
import { campaignLabelMessage } from '../../i18n/labels.js';
import { groupIndicators } from '../campaigns/campaignsSelectors.js';
import { ReadOnlyAnswer } from '../campaigns/AnswerPickerParts.js';
import { QuestionAsks } from '../campaigns/QuestionAsks.js';
import { AxisFrame } from '../campaigns/QuestionnaireFrame.js';
import { reviewActions } from './reviewSlice.js';
import { selectReview, selectReviewProgress } from './reviewSelectors.js';
import { ReviewStatusBadge } from './ReviewStatusBadge.js';
import { selectOpenObjections } from '../objections/objectionsSelectors.js';
import { ObjectionsToResolve, useCampaignObjections } from '../objections/Objections.js';
import { ReviewTextArea } from '../objections/ReviewTextArea.js';

/**
 * 'Correcto' / 'Corregir' for one answer. 'Correcto' is saved as it is chosen; 'Corregir' asks what to correct (the
 * entity reads it) and is saved with 'Guardar'. Radios and a text box: a reviewer goes through it with the keyboard.
 */
function MarkControl({ campaignId, sub, disabled }: { campaignId: number; sub: Subindicator; disabled: boolean }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const saving = useAppSelector((state) => state.review.marking[sub.id]);
  const [verdict, setVerdict] = useState<ReviewVerdict | null>(sub.review?.verdict ?? null);
  const [comment, setComment] = useState(sub.review?.comment ?? '');
  const name = `mark-${sub.id}`;
  const mark = (chosen: ReviewVerdict, text: string | null) =>
    dispatch(reviewActions.markRequested({ id: campaignId, question: sub.id, verdict: chosen, comment: text }));
  const choose = (chosen: ReviewVerdict) => {
    setVerdict(chosen);
    if (chosen === 'ok') mark('ok', null);
  };
  const unsavedFix = verdict === 'fix' && (sub.review?.verdict !== 'fix' || sub.review.comment !== comment);
  return (
    <fieldset className="review-mark border-top pt-2 mt-2" data-testid={`review-mark-${sub.id}`}>
      <legend className="small fw-semibold mb-1">
        <FormattedMessage id="REVIEW.MARK.LEGEND" />
      </legend>
      <div className="d-flex flex-wrap align-items-center gap-3">
        {(['ok', 'fix'] as const).map((option) => (
          <Form.Check
            key={option}
            inline
            type="radio"
            id={`${name}-${option}`}
            name={name}
            disabled={disabled}
            checked={verdict === option}
            onChange={() => choose(option)}
            label={intl.formatMessage({ id: `REVIEW.MARK.${option}` })}
          />
        ))}
        <span className="small text-body-secondary" aria-live="polite">
          {saving?.status === 'loading' ? (
            <FormattedMessage id="REVIEW.MARK.SAVING" />
          ) : saving?.status === 'failed' ? (
            <span className="text-danger">
              <FormattedMessage id="REVIEW.MARK.FAILED" />
            </span>
          ) : sub.review && !unsavedFix ? (
            <FormattedMessage id="REVIEW.MARK.SAVED" values={{ who: sub.review.reviewer, date: formatShortMadridDay(intl, sub.review.markedAt) }} />
          ) : null}
        </span>
      </div>
      {verdict === 'fix' && (
        <Form
          className="mt-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (comment.trim() !== '') mark('fix', comment);
          }}
        >
          <LabelledGroup controlId={`${name}-comment`} label="REVIEW.MARK.COMMENT" labelClassName="small mb-1">
            <ReviewTextArea rows={2} value={comment} disabled={disabled} onChange={setComment} />
          </LabelledGroup>
          <Button type="submit" size="sm" className="mt-2" disabled={disabled || comment.trim() === '' || !unsavedFix || saving?.status === 'loading'}>
            <FormattedMessage id="REVIEW.MARK.SAVE_FIX" />
          </Button>
        </Form>
      )}
    </fieldset>
  );
}

/** 'Pedir correcciones': the message the entity reads with the answers marked to correct. */
function RequestChangesDialog({ campaign, show, onHide }: { campaign: CampaignDetail; show: boolean; onHide: () => void }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => state.review.decision.status === 'loading');
  const [message, setMessage] = useState('');
  return (
    <Modal show={show} onHide={onHide} aria-labelledby="request-changes-title">
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          if (message.trim() !== '') dispatch(reviewActions.changesRequestAsked({ id: campaign.id, message }));
        }}
      >
        <DialogHeader id="request-changes-title" title="REVIEW.REQUEST.TITLE" />
        <Modal.Body>
          <p>
            <FormattedMessage id="REVIEW.REQUEST.BODY" values={{ entity: campaign.entity }} />
          </p>
          <LabelledGroup controlId="request-changes-message" label="REVIEW.REQUEST.MESSAGE">
            <ReviewTextArea rows={4} required value={message} onChange={setMessage} autoFocus />
          </LabelledGroup>
        </Modal.Body>
        <DialogFooter dismissLabel="COMMON.CANCEL" onDismiss={onHide}>
          <SubmitButton busy={busy} disabled={busy || message.trim() === ''}>
            <FormattedMessage id="REVIEW.REQUEST.BUTTON" />
          </SubmitButton>
        </DialogFooter>
      </Form>
    </Modal>
  );
}

/** 'Validar', asked first: a validated campaign changes no more. */
function ValidateDialog({ campaign, show, onHide }: { campaign: CampaignDetail; show: boolean; onHide: () => void }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => state.review.decision.status === 'loading');
  return (
    <Modal show={show} onHide={onHide} aria-labelledby="validate-title">
      <DialogHeader id="validate-title" title="REVIEW.VALIDATE.TITLE" />
      <Modal.Body>
        <FormattedMessage id="REVIEW.VALIDATE.BODY" values={{ entity: campaign.entity, year: campaign.campaignNumber }} />
      </Modal.Body>
      <DialogFooter dismissLabel="COMMON.CANCEL" onDismiss={onHide}>
        <Button onClick={() => dispatch(reviewActions.validationAsked(campaign.id))} disabled={busy}>
          {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          <FormattedMessage id="REVIEW.VALIDATE.BUTTON" />
        </Button>
      </DialogFooter>
    </Modal>
  );
}

/** The campaign's heading, where its review stands, and the two decisions. */
function ReviewHeader({ campaign }: { campaign: CampaignDetail }) {
  const intl = useIntl();
  const progress = useAppSelector(selectReviewProgress);
  const openObjections = useAppSelector((state) => selectOpenObjections(state, campaign.id));
  const [dialog, setDialog] = useState<'request' | 'validate' | null>(null);
  const pending = campaign.reviewStatus === 'pending';
  return (
    // Held at the top from a tablet up; on a phone it would take half the screen, and scrolls away.
    <div className="bg-white border rounded p-3 mb-3 sticky-md-top" style={{ top: '3.6rem', zIndex: 10 }} data-testid="review-header">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 id="review-campaign-title" className="h5 mb-0">
          {campaign.entity} · <FormattedMessage {...campaignLabelMessage(campaign.campaignNumber)} /> <ReviewStatusBadge status={campaign.reviewStatus} />
        </h2>
        <div className="d-flex flex-wrap gap-2">
          <Button variant="outline-primary" disabled={!pending || progress.toFix === 0} onClick={() => setDialog('request')}>
            <FormattedMessage id="REVIEW.REQUEST.BUTTON" />
          </Button>
          <Button disabled={!pending || progress.toFix > 0} onClick={() => setDialog('validate')}>
            <FormattedMessage id="REVIEW.VALIDATE.BUTTON" />
          </Button>
        </div>
      </div>
      <p className="small mb-0 mt-2" data-testid="review-progress">
        <FormattedMessage id="REVIEW.PROGRESS" values={progress} />
      </p>
      {openObjections > 0 && (
        <p className="small mb-0 fw-semibold text-warning-emphasis" data-testid="review-open-objections">
          <FormattedMessage id="REVIEW.OPEN_OBJECTIONS" values={{ count: openObjections }} />
        </p>
      )}
      {pending && progress.toFix > 0 && (
        <p className="small mb-0 text-body-secondary">
          <FormattedMessage id="REVIEW.PROGRESS.CANNOT_VALIDATE" />
        </p>
      )}
      {campaign.reviewStatus === 'changesRequested' && (
        <p className="small mb-0 mt-1 text-info-emphasis">
          <FormattedMessage id="REVIEW.WAITING_ENTITY" values={{ message: campaign.reviewMessage ?? '' }} />
        </p>
      )}
      {campaign.reviewStatus === 'validated' && campaign.validatedAt && (
        <p className="small mb-0 mt-1 text-success-emphasis">
          <FormattedMessage id="REVIEW.VALIDATED_ON" values={{ date: formatShortMadridDay(intl, campaign.validatedAt) }} />
        </p>
      )}
      <RequestChangesDialog campaign={campaign} show={dialog === 'request'} onHide={() => setDialog(null)} />
      <ValidateDialog campaign={campaign} show={dialog === 'validate'} onHide={() => setDialog(null)} />
    </div>
  );
}

/** A sent campaign under review: every answer with its evidence, comment and "No aplica" beside the criteria, and its mark. */
export default function ReviewCampaignPage() {
  const { campaignId } = useParams();
  const id = campaignIdParam(campaignId);
  useNotFoundWhen(id === null);
  const dispatch = useAppDispatch();
  const { campaign } = useAppSelector(selectReview);
  useEffect(() => {
    if (id !== null) dispatch(reviewActions.campaignOpened(id));
  }, [dispatch, id]);
  const data = campaign.data;
  // A sent campaign's objections, each open one to resolve beside its answer.
  useCampaignObjections(data);
  const axes = useMemo(() => groupIndicators(data?.indicators ?? []), [data?.indicators]);
  return (
    <RemoteState status={campaign.status} empty={!data} emptyMessage="REVIEW.EMPTY">
      {data && (
        <section aria-labelledby="review-campaign-title">
          <ReviewHeader campaign={data} />
          {data.status !== 'sent' && (
            <Alert variant="warning">
              <FormattedMessage id="REVIEW.NOT_SENT" />
            </Alert>
          )}
          {axes.map((axis) => (
            <AxisFrame key={axis.axisId} axisText={axis.axisText} heading="h3" className="mb-4">
              {axis.policies.flatMap((policy) =>
                policy.measures.flatMap((measure) =>
                  measure.indicators.map((indicator) => (
                    <Card key={indicator.id} className="mb-3">
                      <Card.Body>
                        <Card.Title as="p" className="small text-body-secondary mb-1">
                          {policy.policyText} · {measure.measureText}
                        </Card.Title>
                        <p className="fw-semibold">{indicator.text}</p>
                        <div className="d-grid gap-3">
                          {indicator.subindicators.map((sub) => (
                            <div key={sub.id} data-testid={`review-question-${sub.id}`}>
                              <ReadOnlyAnswer subindicator={sub} campaignId={data.id} />
                              <div className="mt-1">
                                <QuestionAsks subindicator={sub} />
                              </div>
                              <MarkControl campaignId={data.id} sub={sub} disabled={data.reviewStatus !== 'pending'} />
                              <ObjectionsToResolve campaignId={data.id} question={sub} />
                            </div>
                          ))}
                        </div>
                      </Card.Body>
                    </Card>
                  )),
                ),
              )}
            </AxisFrame>
          ))}
        </section>
      )}
    </RemoteState>
  );
}
