import { useState, type ReactNode } from 'react';
import { Button, Form } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Subindicator } from '../../../shared/api/campaigns.js';
import { ANSWER_COMMENT_MAX_LENGTH, NOT_APPLICABLE_REASON } from '../../../shared/constants.js';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { campaignsActions } from './campaignsSlice.js';
import { commentOnScreen, notApplicableOnScreen, selectQuestionnaire } from './campaignsSelectors.js';
import { EvidenceSection } from './EvidenceEditor.js';

/** A reason with at least NOT_APPLICABLE_REASON.minLength characters besides spaces, as the server asks. */
const reasonIsLongEnough = (reason: string) => [...reason.trim()].length >= NOT_APPLICABLE_REASON.minLength;

/** A labelled box of a few lines for text written beside an answer (a reason, a comment), and what goes under it. */
function NoteBox(props: {
  controlId: string;
  label: string;
  className: string;
  maxLength: number;
  value: string;
  onChange: (text: string) => void;
  describedBy?: string;
  autoFocus?: boolean;
  children?: ReactNode;
}) {
  return (
    <Form.Group controlId={props.controlId} className={props.className}>
      <Form.Label className="small mb-1">
        <FormattedMessage id={props.label} />
      </Form.Label>
      <Form.Control
        as="textarea"
        rows={2}
        size="sm"
        autoFocus={props.autoFocus}
        maxLength={props.maxLength}
        value={props.value}
        aria-describedby={props.describedBy}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.children}
    </Form.Group>
  );
}

/** "No aplica" where the edition allows it: a check, and the reason it asks for (saved once long enough). */
function NotApplicableField({ sub }: { sub: Subindicator }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const q = useAppSelector(selectQuestionnaire);
  const onScreen = notApplicableOnScreen(q, sub);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState(onScreen?.reason ?? '');
  const id = `question-${sub.id}-not-applicable`;
  const checked = open || onScreen !== null;
  const toggle = (on: boolean) => {
    setOpen(on);
    if (!on) dispatch(campaignsActions.noteChanged({ question: sub.id, notApplicable: null }));
    else if (reasonIsLongEnough(reason)) dispatch(campaignsActions.noteChanged({ question: sub.id, notApplicable: { reason: reason.trim() } }));
  };
  const write = (text: string) => {
    setReason(text);
    if (reasonIsLongEnough(text)) dispatch(campaignsActions.noteChanged({ question: sub.id, notApplicable: { reason: text.trim() } }));
  };
  return (
    <div className="mt-2">
      <Form.Check id={id} label={intl.formatMessage({ id: 'NOT_APPLICABLE.CHECK' })} checked={checked} onChange={(e) => toggle(e.target.checked)} />
      {checked && (
        <NoteBox
          controlId={`${id}-reason`}
          label="NOT_APPLICABLE.REASON"
          className="mt-1"
          maxLength={NOT_APPLICABLE_REASON.maxLength}
          value={reason}
          describedBy={reasonIsLongEnough(reason) ? undefined : `${id}-hint`}
          onChange={write}
        >
          {!reasonIsLongEnough(reason) && (
            <Form.Text id={`${id}-hint`} className="text-warning-emphasis">
              <FormattedMessage id="NOT_APPLICABLE.REASON_HINT" values={{ min: NOT_APPLICABLE_REASON.minLength }} />
            </Form.Text>
          )}
        </NoteBox>
      )}
    </div>
  );
}

/** The entity's comment on an answer, saved as it is written (an empty box removes it). */
function CommentField({ sub }: { sub: Subindicator }) {
  const dispatch = useAppDispatch();
  const q = useAppSelector(selectQuestionnaire);
  const comment = commentOnScreen(q, sub);
  const [open, setOpen] = useState(false);
  const id = `question-${sub.id}-comment`;
  if (!open && comment === null)
    return (
      <Button variant="link" size="sm" className="p-0 mt-2 d-block" onClick={() => setOpen(true)}>
        <FormattedMessage id="COMMENT.ADD" />
      </Button>
    );
  return (
    <NoteBox
      controlId={id}
      label="COMMENT.LABEL"
      className="mt-2"
      autoFocus={open && comment === null}
      maxLength={ANSWER_COMMENT_MAX_LENGTH}
      value={comment ?? ''}
      onChange={(text) => dispatch(campaignsActions.noteChanged({ question: sub.id, comment: text.trim() === '' ? null : text }))}
    />
  );
}

/** An answer copied from the previous edition: 'por confirmar' and 'Confirmar', which saves it as it is. */
function PrefilledMark({ sub }: { sub: Subindicator }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const q = useAppSelector(selectQuestionnaire);
  if (!sub.prefilled || q.notes[sub.id]?.confirm) return null;
  return (
    <p className="small mt-2 mb-0 d-flex flex-wrap align-items-center gap-2" data-testid={`prefilled-${sub.id}`}>
      <span className="badge text-bg-info">
        <FormattedMessage id="PREFILL.MARK" />
      </span>
      <Button
        size="sm"
        variant="outline-primary"
        onClick={() => dispatch(campaignsActions.answerConfirmed(sub.id))}
        aria-label={intl.formatMessage({ id: 'PREFILL.CONFIRM_NAMED' }, { question: sub.text })}
      >
        <FormattedMessage id="PREFILL.CONFIRM" />
      </Button>
    </p>
  );
}

/**
 * What goes beside an answer while the campaign is open: "No aplica" with its reason (where allowed), the evidence
 * (where the edition asks for it) and a comment. Read-only, ReadOnlyAnswer shows them.
 */
export function QuestionNotes({ sub, campaignId, readOnly }: { sub: Subindicator; campaignId: number; readOnly: boolean }) {
  if (readOnly) return null;
  return (
    <>
      <PrefilledMark sub={sub} />
      {sub.allowsNotApplicable && <NotApplicableField sub={sub} />}
      {sub.evidenceRule !== 'none' && <EvidenceSection sub={sub} campaignId={campaignId} />}
      <CommentField sub={sub} />
    </>
  );
}
