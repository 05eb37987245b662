import { Button, Spinner } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import type { EvidenceItem, Subindicator } from '../../../shared/api/campaigns.js';
import { useAppDispatch } from '../../app/hooks.js';
import { campaignsActions } from './campaignsSlice.js';
import type { RequestStatus } from '../../lib/remote.js';
import { EvidenceList } from './EvidenceList.js';

/** An obsolete response is never offered again; where it was chosen it shows read-only, in brackets. */
export function ObsoleteChoices({ subindicator }: { subindicator: Subindicator }) {
  const chosen = subindicator.responses.filter((r) => r.obsolete && subindicator.answer?.includes(r.id));
  if (chosen.length === 0) return null;
  return (
    <p className="small text-body-secondary mb-2" data-testid="obsolete-answer">
      <FormattedMessage id="PICKER.OBSOLETE" />: {chosen.map((r) => `[${r.text}]`).join(' ')}
    </p>
  );
}

/**
 * A sent campaign's answer: the question and the chosen responses (obsolete ones in brackets), "No aplica" with its
 * reason, or a dash; then the entity's comment and the evidence behind it (with the campaign's id, a file's name
 * downloads it), unless withEvidence is false (an editor lists it).
 */
export function ReadOnlyAnswer({ subindicator, campaignId, withEvidence = true }: { subindicator: Subindicator; campaignId?: number; withEvidence?: boolean }) {
  const dispatch = useAppDispatch();
  const chosen = subindicator.responses.filter((r) => subindicator.answer?.includes(r.id));
  const download =
    campaignId === undefined
      ? undefined
      : (item: EvidenceItem) =>
          dispatch(campaignsActions.evidenceDownloadRequested({ campaignId, evidenceId: item.id, fileName: item.fileName ?? 'evidencia' }));
  return (
    <div>
      <p className="fw-semibold mb-1">{subindicator.text}</p>
      <ul className="mb-0" data-testid={`answer-${subindicator.id}`}>
        {subindicator.notApplicable ? (
          <li>
            <FormattedMessage id="NOT_APPLICABLE.READ" values={{ reason: subindicator.notApplicable.reason }} />
          </li>
        ) : chosen.length === 0 ? (
          <li className="text-body-secondary">—</li>
        ) : (
          chosen.map((r) => <li key={r.id}>{r.obsolete ? `[${r.text}]` : r.text}</li>)
        )}
      </ul>
      {subindicator.comment !== null && (
        <p className="small mt-1 mb-0 text-pre-wrap" data-testid={`comment-${subindicator.id}`}>
          <span className="fw-semibold">
            <FormattedMessage id="COMMENT.LABEL" />:
          </span>{' '}
          {subindicator.comment}
        </p>
      )}
      {withEvidence && subindicator.evidence.length > 0 && (
        <div className="small mt-1" data-testid={`evidence-${subindicator.id}`}>
          <span className="fw-semibold">
            <FormattedMessage id="EVIDENCE.HEADING" />:
          </span>
          <EvidenceList items={subindicator.evidence} onDownload={download} />
        </div>
      )}
    </div>
  );
}

/**
 * Beside the buttons, announced as it changes: 'Guardando…' from the change until the server has it, 'No se ha
 * podido guardar: reintentar' when the save failed (the autosave also retries by itself when the failure may pass),
 * 'Sin guardar' when it failed and waits for the user elsewhere (no onRetry: a stale answer asks under the question),
 * or '✓ Guardada' while the choice on screen is the saved one.
 */
export function SaveStatusLine({
  subindicator,
  unsaved,
  saveStatus,
  onRetry,
}: {
  subindicator: Subindicator;
  unsaved: boolean;
  saveStatus?: RequestStatus;
  onRetry?: () => void;
}) {
  const saved = !unsaved && ((subindicator.answer !== null && subindicator.answer.length > 0) || subindicator.notApplicable !== null);
  const failed = unsaved && saveStatus === 'failed';
  return (
    <span className="small" role="status" data-testid={`save-status-${subindicator.id}`}>
      {failed && !onRetry ? (
        <span className="text-warning-emphasis">
          <FormattedMessage id="PICKER.NOT_SAVED" />
        </span>
      ) : failed ? (
        <span className="text-danger">
          <FormattedMessage id="PICKER.FAILED" />{' '}
          <Button variant="link" size="sm" className="p-0 align-baseline text-danger" onClick={onRetry}>
            <FormattedMessage id="PICKER.RETRY" />
          </Button>
        </span>
      ) : unsaved || saveStatus === 'loading' ? (
        <>
          <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
          <FormattedMessage id="PICKER.SAVING" />
        </>
      ) : (
        saved && (
          <span className="text-success">
            ✓ <FormattedMessage id="PICKER.SAVED" />
          </span>
        )
      )}
    </span>
  );
}
