import { useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Subindicator } from '../../../shared/api/campaigns.js';
import type { RequestStatus } from '../../lib/remote.js';

export interface AnswerPickerProps {
  subindicator: Subindicator;
  /** The last save of this question. */
  saveStatus?: RequestStatus;
  readOnly?: boolean;
  /** Called with the chosen ids (a one-element array for single choice) or null to clear. */
  onSave?: (answer: number[] | null) => void;
}

/** An obsolete response is never offered again; where it was chosen it shows read-only, in brackets. */
function ObsoleteChoices({ subindicator }: { subindicator: Subindicator }) {
  const chosen = subindicator.responses.filter((r) => r.obsolete && subindicator.answer?.includes(r.id));
  if (chosen.length === 0) return null;
  return (
    <p className="small text-body-secondary mb-2" data-testid="obsolete-answer">
      <FormattedMessage id="PICKER.OBSOLETE" />: {chosen.map((r) => `[${r.text}]`).join(' ')}
    </p>
  );
}

/**
 * Single or multiple choice for one question. The choice stays on screen whatever the server says,
 * so a failed save loses nothing; saving with nothing chosen warns and sends nothing.
 */
export function AnswerPicker({ subindicator, saveStatus, readOnly = false, onSave }: AnswerPickerProps) {
  const intl = useIntl();
  const [draft, setDraft] = useState<number[]>(subindicator.answer ?? []);
  const [warning, setWarning] = useState(false);
  const single = subindicator.type === 'single';
  const offered = subindicator.responses.filter((r) => !r.obsolete);
  const name = `question-${subindicator.id}`;

  if (readOnly) {
    const chosen = subindicator.responses.filter((r) => subindicator.answer?.includes(r.id));
    return (
      <div>
        <p className="fw-semibold mb-1">{subindicator.text}</p>
        <ul className="mb-0" data-testid={`answer-${subindicator.id}`}>
          {chosen.length === 0 ? <li className="text-body-secondary">—</li> : chosen.map((r) => <li key={r.id}>{r.obsolete ? `[${r.text}]` : r.text}</li>)}
        </ul>
      </div>
    );
  }

  const toggle = (id: number) => {
    setWarning(false);
    setDraft((current) => (single ? [id] : current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  };
  const save = () => {
    const chosen = draft.filter((id) => offered.some((r) => r.id === id));
    if (chosen.length === 0) return setWarning(true);
    onSave?.(single ? chosen.slice(0, 1) : chosen);
  };
  const clear = () => {
    setDraft([]);
    setWarning(false);
    onSave?.(null);
  };
  const saved = saveStatus === 'succeeded' || (saveStatus === undefined && subindicator.answer !== null);

  return (
    <fieldset className="answer-picker" aria-describedby={warning ? `${name}-warning` : undefined}>
      <legend className="fs-6 fw-semibold">{subindicator.text}</legend>
      <ObsoleteChoices subindicator={subindicator} />
      {offered.map((response) => (
        <Form.Check
          key={response.id}
          id={`${name}-${response.id}`}
          type={single ? 'radio' : 'checkbox'}
          name={name}
          label={response.text}
          checked={draft.includes(response.id)}
          onChange={() => toggle(response.id)}
        />
      ))}
      {warning && (
        <p id={`${name}-warning`} className="text-warning-emphasis small mt-1 mb-0" role="alert">
          <FormattedMessage id={single ? 'PICKER.WARN_SINGLE' : 'PICKER.WARN_MULTIPLE'} />
        </p>
      )}
      <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
        <Button size="sm" onClick={save} disabled={saveStatus === 'loading'} aria-label={`${intl.formatMessage({ id: 'PICKER.SAVE' })}: ${subindicator.text}`}>
          <FormattedMessage id="PICKER.SAVE" />
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={clear} disabled={saveStatus === 'loading' || (draft.length === 0 && subindicator.answer === null)}>
          <FormattedMessage id="PICKER.CLEAR" />
        </Button>
        <span className="small" role="status" data-testid={`save-status-${subindicator.id}`}>
          {saveStatus === 'loading' && (
            <>
              <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
              <FormattedMessage id="PICKER.SAVING" />
            </>
          )}
          {saveStatus === 'failed' && (
            <span className="text-danger">
              <FormattedMessage id="PICKER.FAILED" />
            </span>
          )}
          {saveStatus !== 'loading' && saveStatus !== 'failed' && saved && subindicator.answer !== null && (
            <span className="text-success">
              ✓ <FormattedMessage id="PICKER.SAVED" />
            </span>
          )}
        </span>
      </div>
    </fieldset>
  );
}
