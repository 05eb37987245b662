import { useState, type ReactNode } from 'react';
import { QuestionAsks } from './QuestionAsks.js';
import { Button, Form } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Subindicator } from '../../../shared/api/campaigns.js';
import type { RequestStatus } from '../../lib/remote.js';
import { ObsoleteChoices, ReadOnlyAnswer, SaveStatusLine } from './AnswerPickerParts.js';

export interface AnswerPickerProps {
  subindicator: Subindicator;
  /** The choice on screen, when the user changed it; the saved answer otherwise. */
  choice?: readonly number[];
  /** The choice on screen is not the saved answer. */
  unsaved?: boolean;
  /** The last save of this question. */
  saveStatus?: RequestStatus;
  readOnly?: boolean;
  /** Called with the new choice on screen when a response is ticked or unticked, or [] when the answer is cleared. */
  onChoose?: (choice: number[]) => void;
  /** 'Guardar' (or 'Borrar respuesta'): the choice on screen is saved now rather than after the autosave's pause. */
  onSaveNow?: () => void;
  /** 'reintentar', after a failed save. */
  onRetry?: () => void;
  /** "No aplica" is on screen: no response can be ticked, and 'Guardar' saves it. */
  notApplicable?: boolean;
  /** What goes under the answer: "No aplica", evidence, comment (QuestionNotes). */
  children?: ReactNode;
  /** Read-only, the children hold the answer's evidence editor (an objection backed): the answer does not list it again. */
  evidenceInChildren?: boolean;
}

/**
 * The choice after a response is ticked or unticked: a single choice is that response; a multiple one gains or
 * loses it, and an exclusive response ("Ninguno de los anteriores") ticked unticks the others, as another ticked
 * unticks it.
 */
export function toggledChoice(subindicator: Subindicator, choice: readonly number[], id: number): number[] {
  if (subindicator.type === 'single') return [id];
  if (choice.includes(id)) return choice.filter((x) => x !== id);
  const exclusive = new Set(subindicator.responses.filter((r) => r.exclusive).map((r) => r.id));
  return exclusive.has(id) ? [id] : [...choice.filter((x) => !exclusive.has(x)), id];
}

/** What the buttons do with the choice on screen, and the warning shown when saving with nothing chosen. */
function useAnswerActions({ subindicator, choice, onChoose, onSaveNow, notApplicable }: AnswerPickerProps & { choice: readonly number[] }) {
  const [warning, setWarning] = useState(false);
  const single = subindicator.type === 'single';
  const offered = subindicator.responses.filter((r) => !r.obsolete);
  const toggle = (id: number) => {
    setWarning(false);
    onChoose?.(toggledChoice(subindicator, choice, id));
  };
  const save = () => {
    if (!notApplicable && !choice.some((id) => offered.some((r) => r.id === id))) return setWarning(true);
    onSaveNow?.();
  };
  const clear = () => {
    setWarning(false);
    onChoose?.([]);
    onSaveNow?.();
  };
  return { warning, single, offered, toggle, save, clear };
}

/**
 * Single or multiple choice for one question. Every change is saved by itself (the autosave); 'Guardar' saves at
 * once, and with nothing chosen warns and sends nothing.
 */
export function AnswerPicker(props: AnswerPickerProps) {
  const { subindicator, choice = subindicator.answer ?? [], unsaved = false, saveStatus, readOnly = false, notApplicable = false, children } = props;
  const intl = useIntl();
  const { warning, single, offered, toggle, save, clear } = useAnswerActions({ ...props, choice });
  const name = `question-${subindicator.id}`;
  if (readOnly)
    return (
      <div>
        <ReadOnlyAnswer subindicator={subindicator} withEvidence={!props.evidenceInChildren} />
        {children}
      </div>
    );

  return (
    <fieldset id={name} className="answer-picker" aria-describedby={warning ? `${name}-warning` : undefined}>
      <legend className="fs-6 fw-semibold">{subindicator.text}</legend>
      <QuestionAsks subindicator={subindicator} />
      <ObsoleteChoices subindicator={subindicator} />
      {offered.map((response) => (
        <Form.Check
          key={response.id}
          id={`${name}-${response.id}`}
          type={single ? 'radio' : 'checkbox'}
          name={name}
          label={response.text}
          checked={choice.includes(response.id)}
          disabled={notApplicable}
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
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={clear}
          disabled={saveStatus === 'loading' || notApplicable || (choice.length === 0 && subindicator.answer === null)}
        >
          <FormattedMessage id="PICKER.CLEAR" />
        </Button>
        <SaveStatusLine subindicator={subindicator} unsaved={unsaved} saveStatus={saveStatus} onRetry={props.onRetry} />
      </div>
      {children}
    </fieldset>
  );
}
