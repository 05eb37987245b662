import { useId, useRef, useState, type ReactNode } from 'react';
import { Button, Form, ProgressBar } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Subindicator } from '../../../shared/api/campaigns.js';
import { EvidenceList } from './EvidenceList.js';
import { ANSWER_COMMENT_MAX_LENGTH, EVIDENCE_TITLE_MAX_LENGTH, EVIDENCE_URL_MAX_LENGTH, NOT_APPLICABLE_REASON } from '../../../shared/constants.js';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { campaignsActions, type EvidenceUpload } from './campaignsSlice.js';
import { commentOnScreen, lacksEvidence, notApplicableOnScreen, selectQuestionnaire } from './campaignsSelectors.js';

/** What the file chooser offers: the kinds of file the server takes (it checks the content itself). */
const EVIDENCE_ACCEPT = '.pdf,.png,.jpg,.jpeg,.odt,.ods,.docx,.xlsx';
/** A reason with at least NOT_APPLICABLE_REASON.minLength characters besides spaces, as the server asks. */
const reasonIsLongEnough = (reason: string) => [...reason.trim()].length >= NOT_APPLICABLE_REASON.minLength;
/** An address a reviewer can open: http or https. */
const isWebAddress = (url: string) => /^https?:\/\/\S+$/i.test(url.trim());

/** 'Añadir enlace': the address (http or https) and an optional title; added once the server has it. */
function AddLinkForm({ question, campaignId, busy, onClose }: { question: number; campaignId: number; busy: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const id = useId();
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [invalid, setInvalid] = useState(false);
  const add = () => {
    if (!isWebAddress(url)) return setInvalid(true);
    dispatch(campaignsActions.evidenceLinkRequested({ campaignId, question, url: url.trim(), title: title.trim() || null }));
    onClose();
  };
  return (
    <div className="border rounded p-2 mt-2 d-grid gap-2" data-testid="add-link-form">
      <Form.Group controlId={`${id}-url`}>
        <Form.Label className="small mb-1">
          <FormattedMessage id="EVIDENCE.URL" />
        </Form.Label>
        <Form.Control
          size="sm"
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={EVIDENCE_URL_MAX_LENGTH}
          value={url}
          isInvalid={invalid}
          aria-describedby={invalid ? `${id}-url-error` : undefined}
          onChange={(e) => {
            setUrl(e.target.value);
            setInvalid(false);
          }}
          onKeyDown={(e) => e.key === 'Enter' && add()}
        />
        <Form.Control.Feedback type="invalid" id={`${id}-url-error`}>
          <FormattedMessage id="EVIDENCE.URL_INVALID" />
        </Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId={`${id}-title`}>
        <Form.Label className="small mb-1">
          <FormattedMessage id="EVIDENCE.TITLE" />
        </Form.Label>
        <Form.Control size="sm" maxLength={EVIDENCE_TITLE_MAX_LENGTH} value={title} onChange={(e) => setTitle(e.target.value)} />
      </Form.Group>
      <div className="d-flex gap-2">
        <Button size="sm" onClick={add} disabled={busy}>
          <FormattedMessage id="EVIDENCE.ADD" />
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={onClose}>
          <FormattedMessage id="EVIDENCE.CANCEL" />
        </Button>
      </div>
    </div>
  );
}

/** A file on its way: 'Subiendo informe.pdf… 45 %' over a bar that fills as it goes (a progressbar named so, its value the percentage). */
function UploadProgress({ upload }: { upload: EvidenceUpload }) {
  const id = useId();
  return (
    <div className="my-1" data-testid="evidence-progress">
      <p id={id} className="small text-break mb-1">
        <FormattedMessage id="EVIDENCE.UPLOADING" values={{ name: upload.fileName, percent: upload.percent }} />
      </p>
      {/* The nested bar takes the ARIA attributes: it is the element with role progressbar. */}
      <ProgressBar>
        <ProgressBar now={upload.percent} aria-labelledby={id} />
      </ProgressBar>
    </div>
  );
}

/** The evidence behind an answer while the campaign is open: whether it is missing, the items, and 'Añadir enlace'. */
function EvidenceSection({ sub, campaignId }: { sub: Subindicator; campaignId: number }) {
  const dispatch = useAppDispatch();
  const q = useAppSelector(selectQuestionnaire);
  const intl = useIntl();
  const fileInput = useRef<HTMLInputElement>(null);
  const [adding, setAdding] = useState(false);
  const busy = q.evidence[sub.id] === 'loading';
  const upload = q.uploads[sub.id];
  const missing = lacksEvidence(q, sub);
  return (
    <div className="small mt-2" data-testid={`evidence-${sub.id}`}>
      <p className="fw-semibold mb-1">
        <FormattedMessage id="EVIDENCE.HEADING" />
      </p>
      {missing && (
        <p className="text-warning-emphasis mb-1" data-testid="evidence-missing">
          <FormattedMessage id="EVIDENCE.MISSING" />
        </p>
      )}
      {sub.evidence.length > 0 ? (
        <EvidenceList
          items={sub.evidence}
          busy={busy}
          onRemove={(item) => dispatch(campaignsActions.evidenceRemoveRequested({ campaignId, question: sub.id, evidenceId: item.id }))}
          onDownload={(item) =>
            dispatch(campaignsActions.evidenceDownloadRequested({ campaignId, evidenceId: item.id, fileName: item.fileName ?? 'evidencia' }))
          }
        />
      ) : (
        !missing && (
          <p className="text-body-secondary mb-1">
            <FormattedMessage id="EVIDENCE.NONE" />
          </p>
        )
      )}
      {upload ? (
        <UploadProgress upload={upload} />
      ) : (
        busy && (
          <ProgressBar animated striped now={100} className="my-1" label={intl.formatMessage({ id: 'EVIDENCE.WORKING' })} data-testid="evidence-progress" />
        )
      )}
      {adding ? (
        <AddLinkForm question={sub.id} campaignId={campaignId} busy={busy} onClose={() => setAdding(false)} />
      ) : (
        <div className="d-flex flex-wrap gap-2">
          <Button size="sm" variant="outline-primary" onClick={() => setAdding(true)} disabled={busy}>
            <FormattedMessage id="EVIDENCE.ADD_LINK" />
          </Button>
          <Button size="sm" variant="outline-primary" onClick={() => fileInput.current?.click()} disabled={busy}>
            <FormattedMessage id="EVIDENCE.ATTACH_FILE" />
          </Button>
          <input
            ref={fileInput}
            type="file"
            className="d-none"
            accept={EVIDENCE_ACCEPT}
            aria-label={intl.formatMessage({ id: 'EVIDENCE.ATTACH_FILE' })}
            data-testid={`evidence-file-${sub.id}`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) dispatch(campaignsActions.evidenceUploadRequested({ campaignId, question: sub.id }, file));
            }}
          />
        </div>
      )}
    </div>
  );
}

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
