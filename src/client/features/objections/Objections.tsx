import { useEffect, useId, useState, type ReactNode } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Objection } from '../../../shared/api/objections.js';
import type { CampaignDetail, Subindicator } from '../../../shared/api/campaigns.js';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { formatCalendarDay, formatShortMadridDay } from '../../lib/dates.js';
import { objectionsActions } from './objectionsSlice.js';
import { selectObjectionsByQuestion } from './objectionsSelectors.js';
import { LabelledGroup } from '../../components/LabelledGroup.js';
import { ReviewTextArea } from './ReviewTextArea.js';

/**
 * Loads the objections of the campaign on screen once it can have any: its edition's provisional results published
 * (campaigns/get says until when only for a sent campaign).
 */
export function useCampaignObjections(campaign: Pick<CampaignDetail, 'id' | 'objectionsUntil'> | null | undefined): void {
  const dispatch = useAppDispatch();
  const id = campaign && campaign.objectionsUntil !== null ? campaign.id : null;
  useEffect(() => {
    if (id !== null) dispatch(objectionsActions.listRequested(id));
  }, [dispatch, id]);
}

const STATUS_CLASS: Record<Objection['status'], string> = {
  open: 'text-warning-emphasis',
  accepted: 'text-success-emphasis',
  refused: 'text-danger-emphasis',
};

/**
 * One objection as both sides read it: when and who filed it, its text, and where it stands: 'Pendiente de
 * resolver', or accepted or refused with the reviewer's reason.
 */
function ObjectionItem({ objection }: { objection: Objection }) {
  const intl = useIntl();
  return (
    <div className="border-start border-3 ps-2 mb-2" data-testid={`objection-${objection.id}`}>
      <p className="small mb-1">
        <span className="fw-semibold">
          <FormattedMessage id="OBJECTIONS.FILED_ON" values={{ date: formatShortMadridDay(intl, objection.createdAt), who: objection.author }} />
        </span>{' '}
        <span className={`fw-semibold ${STATUS_CLASS[objection.status]}`} data-testid="objection-status">
          · <FormattedMessage id={`OBJECTIONS.STATUS.${objection.status}`} />
        </span>
      </p>
      <p className="small mb-1 text-pre-wrap">«{objection.text}»</p>
      {objection.reason !== null && (
        <p className="small mb-0 text-pre-wrap" data-testid="objection-reason">
          <span className="fw-semibold">
            <FormattedMessage id="OBJECTIONS.REASON" />:
          </span>{' '}
          {objection.reason}
        </p>
      )}
    </div>
  );
}

/** 'Presentar alegación': the text of the objection, sent with 'Enviar alegación'; it stays on screen with its text if refused. */
function ObjectionForm({ campaignId, question, until, onClose }: { campaignId: number; question: number; until: string; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const id = useId();
  const filing = useAppSelector((state) => state.objections.filing[question]);
  const [text, setText] = useState('');
  const busy = filing?.status === 'loading';
  return (
    <Form
      className="border rounded p-2 mt-2"
      data-testid={`objection-form-${question}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim() !== '') dispatch(objectionsActions.objectionFiled({ id: campaignId, question, text }));
      }}
    >
      <LabelledGroup controlId={`${id}-text`} label="OBJECTIONS.TEXT" labelClassName="small mb-1">
        <ReviewTextArea rows={3} required value={text} onChange={setText} aria-describedby={`${id}-help`} autoFocus />
        <Form.Text id={`${id}-help`}>
          <FormattedMessage id="OBJECTIONS.TEXT_HELP" values={{ date: formatCalendarDay(intl, until) }} />
        </Form.Text>
      </LabelledGroup>
      <div className="d-flex flex-wrap gap-2 mt-2">
        <Button type="submit" size="sm" disabled={busy || text.trim() === ''}>
          <FormattedMessage id="OBJECTIONS.SEND" />
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={onClose} disabled={busy}>
          <FormattedMessage id="COMMON.CANCEL" />
        </Button>
      </div>
    </Form>
  );
}

/**
 * Above a sent questionnaire once its edition's provisional results are published: until when the entity may object
 * to any answer, or that the period is over. Nothing while the campaign is back with the entity for corrections.
 */
export function ObjectionsNotice({ open, over, until }: { open: boolean; over: boolean; until: string }) {
  const intl = useIntl();
  if (!open && !over) return null;
  return (
    <Alert variant={open ? 'primary' : 'secondary'} className="small" data-testid="objections-notice">
      <FormattedMessage id={open ? 'OBJECTIONS.NOTICE.OPEN' : 'OBJECTIONS.NOTICE.CLOSED'} values={{ date: formatCalendarDay(intl, until) }} />
    </Alert>
  );
}

/**
 * The entity's side of one answer: its objections, what backs them (children: the evidence editor of an open one)
 * and, while the period is open and none awaits a decision, 'Presentar alegación'. Nothing when there is neither.
 */
export function AnswerObjections({
  campaignId,
  question,
  until,
  open,
  children,
}: {
  campaignId: number;
  question: Pick<Subindicator, 'id' | 'text'>;
  until: string | null;
  open: boolean;
  children?: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const objections = useAppSelector((state) => selectObjectionsByQuestion(state, campaignId)).get(question.id) ?? [];
  const filed = useAppSelector((state) => state.objections.filing[question.id]?.status === 'succeeded');
  const [writing, setWriting] = useState(false);
  const mayObject = open && until !== null && !objections.some((o) => o.status === 'open');
  if (objections.length === 0 && !mayObject) return null;
  return (
    <div className="mt-2" data-testid={`objections-${question.id}`}>
      {objections.length > 0 && (
        <ul className="list-unstyled mb-1">
          {objections.map((o) => (
            <li key={o.id}>
              <ObjectionItem objection={o} />
            </li>
          ))}
        </ul>
      )}
      {children}
      {mayObject &&
        (writing && !filed ? (
          <ObjectionForm campaignId={campaignId} question={question.id} until={until} onClose={() => setWriting(false)} />
        ) : (
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => {
              dispatch(objectionsActions.objectionStarted(question.id));
              setWriting(true);
            }}
            // Named with its question: a questionnaire has one per answer.
            aria-label={`${intl.formatMessage({ id: 'OBJECTIONS.FILE' })}: ${question.text}`}
          >
            <FormattedMessage id="OBJECTIONS.FILE" />
          </Button>
        ))}
    </div>
  );
}

/** A reviewer's decision on an open objection: the reason the entity reads, then 'Aceptar' (the answer goes back to it) or 'Rechazar'. */
function ObjectionDecision({ objection, questionText }: { objection: Objection; questionText: string }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const named = (id: string) => `${intl.formatMessage({ id })}: ${questionText}`;
  const id = useId();
  const busy = useAppSelector((state) => state.objections.resolving[objection.id]?.status === 'loading');
  const [reason, setReason] = useState('');
  const decide = (accepted: boolean) => dispatch(objectionsActions.resolutionAsked({ objectionId: objection.id, accepted, reason }));
  const disabled = busy || reason.trim() === '';
  return (
    <div className="mt-1 mb-2" data-testid={`objection-decision-${objection.id}`}>
      <LabelledGroup controlId={`${id}-reason`} label="OBJECTIONS.DECISION.REASON" labelClassName="small mb-1">
        <ReviewTextArea rows={2} value={reason} onChange={setReason} />
      </LabelledGroup>
      <div className="d-flex flex-wrap gap-2 mt-2">
        <Button size="sm" variant="outline-success" disabled={disabled} onClick={() => decide(true)} aria-label={named('OBJECTIONS.DECISION.ACCEPT')}>
          <FormattedMessage id="OBJECTIONS.DECISION.ACCEPT" />
        </Button>
        <Button size="sm" variant="outline-danger" disabled={disabled} onClick={() => decide(false)} aria-label={named('OBJECTIONS.DECISION.REFUSE')}>
          <FormattedMessage id="OBJECTIONS.DECISION.REFUSE" />
        </Button>
      </div>
    </div>
  );
}

/** The reviewer's side of one answer: its objections, each open one with its decision. Nothing when there is none. */
export function ObjectionsToResolve({ campaignId, question }: { campaignId: number; question: Pick<Subindicator, 'id' | 'text'> }) {
  const objections = useAppSelector((state) => selectObjectionsByQuestion(state, campaignId)).get(question.id) ?? [];
  if (objections.length === 0) return null;
  return (
    <section className="border-top pt-2 mt-2" data-testid={`objections-${question.id}`}>
      <h4 className="small fw-semibold mb-1">
        <FormattedMessage id="OBJECTIONS.TITLE" />
      </h4>
      <ul className="list-unstyled mb-0">
        {objections.map((o) => (
          <li key={o.id}>
            <ObjectionItem objection={o} />
            {o.status === 'open' && <ObjectionDecision objection={o} questionText={question.text} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
