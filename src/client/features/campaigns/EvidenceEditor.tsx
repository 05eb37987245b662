import { useId, useRef, useState, type ReactNode } from 'react';
import { Button, Form, ProgressBar } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EvidenceItem, Subindicator } from '../../../shared/api/campaigns.js';
import { EVIDENCE_TITLE_MAX_LENGTH, EVIDENCE_URL_MAX_LENGTH } from '../../../shared/constants.js';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { formatShortCalendarDay } from '../../lib/dates.js';
import type { ObjectionEvidence } from '../objections/objectionsSelectors.js';
import { EvidenceList } from './EvidenceList.js';
import { campaignsActions, type EvidenceUpload } from './campaignsSlice.js';
import { lacksEvidence, selectQuestionnaire } from './campaignsSelectors.js';
import { LabelledGroup } from '../../components/LabelledGroup.js';

/** What the file chooser offers: the kinds of file the server takes (it checks the content itself). */
const EVIDENCE_ACCEPT = '.pdf,.png,.jpg,.jpeg,.odt,.ods,.docx,.xlsx';
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
      <LabelledGroup controlId={`${id}-url`} label="EVIDENCE.URL" labelClassName="small mb-1">
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
      </LabelledGroup>
      <LabelledGroup controlId={`${id}-title`} label="EVIDENCE.TITLE" labelClassName="small mb-1">
        <Form.Control size="sm" maxLength={EVIDENCE_TITLE_MAX_LENGTH} value={title} onChange={(e) => setTitle(e.target.value)} />
      </LabelledGroup>
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

/**
 * The evidence behind an answer that may change: whether it is missing, the items, 'Añadir enlace' and 'Adjuntar
 * archivo'; 'Quitar' on every item, or only on those canRemove allows. Children go under the heading (a hint).
 */
export function EvidenceSection({
  sub,
  campaignId,
  canRemove,
  children,
}: {
  sub: Subindicator;
  campaignId: number;
  canRemove?: (item: EvidenceItem) => boolean;
  children?: ReactNode;
}) {
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
      {children}
      {missing && (
        <p className="text-warning-emphasis mb-1" data-testid="evidence-missing">
          <FormattedMessage id="EVIDENCE.MISSING" />
        </p>
      )}
      {sub.evidence.length > 0 ? (
        <EvidenceList
          items={sub.evidence}
          busy={busy}
          canRemove={canRemove}
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

/**
 * The evidence editor behind an answer whose open objection the user may still back (selectObjectionEvidence): until
 * when, and 'Quitar' only on what was added since the objection was filed; the evidence the review saw stays.
 */
export function ObjectionEvidenceEditor({ sub, campaignId, backing }: { sub: Subindicator; campaignId: number; backing: ObjectionEvidence }) {
  const intl = useIntl();
  return (
    <EvidenceSection sub={sub} campaignId={campaignId} canRemove={(item) => backing.removable.has(item.id)}>
      <p className="text-body-secondary mb-1" data-testid={`objection-evidence-hint-${sub.id}`}>
        <FormattedMessage id="OBJECTIONS.EVIDENCE_HINT" values={{ date: formatShortCalendarDay(intl, backing.until) }} />
      </p>
    </EvidenceSection>
  );
}
