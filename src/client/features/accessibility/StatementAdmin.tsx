import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { Loading } from '../../components/Loading.js';
import { LabelledGroup } from '../../components/LabelledGroup.js';
import { formatDateTime } from '../../lib/dates.js';
import { madridDate } from '../../../shared/dates.js';
import { CONFORMANCE_LEVELS, EXCEPTIONS_MAX_LENGTH, type Conformance } from '../../../shared/accessibility.js';
import { accessibilityActions } from './accessibilitySlice.js';
import { saveErrorMessage, selectAccessibility } from './accessibilitySelectors.js';

/** The administrator's form: the conformance, the known exceptions (one a line) and the date of this review. */
function StatementEditor() {
  const dispatch = useAppDispatch();
  const { statement, save } = useAppSelector(selectAccessibility);
  const today = madridDate(new Date());
  const value = statement.value;
  /** What the administrator wrote; until they write, the form shows the statement as last read (a late answer included). */
  const [written, setWritten] = useState<{ conformance: Conformance; exceptions: string } | null>(null);
  const { conformance, exceptions } = written ?? { conformance: value?.conformance ?? 'PARTIAL', exceptions: value?.exceptions ?? '' };
  const [reviewedOn, setReviewedOn] = useState(today);

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        dispatch(accessibilityActions.saveRequested({ conformance, exceptions: exceptions.trim() === '' ? '' : exceptions, reviewedOn }));
      }}
    >
      {save.status === 'failed' && save.error && (
        <Alert variant="danger" role="alert">
          <FormattedMessage id={saveErrorMessage(save.error)} />
        </Alert>
      )}
      <LabelledGroup controlId="accessibility-conformance" label="ACCESSIBILITY.EDIT.CONFORMANCE" className="mb-3">
        <Form.Select value={conformance} onChange={(e) => setWritten({ conformance: e.target.value as Conformance, exceptions })}>
          {CONFORMANCE_LEVELS.map((level) => (
            <FormattedMessage key={level} id={`ACCESSIBILITY.EDIT.CONFORMANCE_${level}`}>
              {(label) => <option value={level}>{label}</option>}
            </FormattedMessage>
          ))}
        </Form.Select>
      </LabelledGroup>
      <LabelledGroup controlId="accessibility-exceptions" label="ACCESSIBILITY.EDIT.EXCEPTIONS" className="mb-3">
        <Form.Control
          as="textarea"
          rows={5}
          maxLength={EXCEPTIONS_MAX_LENGTH}
          value={exceptions}
          onChange={(e) => setWritten({ conformance, exceptions: e.target.value })}
        />
      </LabelledGroup>
      <LabelledGroup controlId="accessibility-reviewed-on" label="ACCESSIBILITY.EDIT.REVIEWED_ON" className="mb-3">
        <Form.Control type="date" required max={today} value={reviewedOn} onChange={(e) => setReviewedOn(e.target.value)} className="w-auto" />
      </LabelledGroup>
      <Button type="submit" disabled={save.status === 'loading' || !value}>
        {save.status === 'loading' && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
        <FormattedMessage id="ACCESSIBILITY.EDIT.SAVE" />
      </Button>
    </Form>
  );
}

/** The complaints received, newest first, each with its address (to answer) and text. */
function ComplaintsList() {
  const intl = useIntl();
  const { complaints } = useAppSelector(selectAccessibility);
  if (complaints.status === 'loading' || complaints.status === 'idle') return <Loading />;
  if (complaints.status === 'failed') {
    return (
      <Alert variant="warning">
        <FormattedMessage id="ACCESSIBILITY.COMPLAINTS.LOAD_FAILED" />
      </Alert>
    );
  }
  if (complaints.items.length === 0) {
    return (
      <p className="text-body-secondary">
        <FormattedMessage id="ACCESSIBILITY.COMPLAINTS.EMPTY" />
      </p>
    );
  }
  return (
    <ul className="list-unstyled" data-testid="accessibility-complaints">
      {complaints.items.map((item) => (
        <li key={item.id} className="border rounded p-3 mb-2">
          <p className="small text-body-secondary mb-1">
            <FormattedMessage id="ACCESSIBILITY.COMPLAINTS.RECEIVED" values={{ date: formatDateTime(intl, item.receivedAt) }} />
            {' · '}
            <a href={`mailto:${item.email}`} className="text-break">
              {item.email}
            </a>
          </p>
          <p className="mb-0 text-pre-wrap text-break">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** A part of what an administrator sees, under a rule: its h2 (a message id, with the id that names the section). */
function AdminSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="mt-4 pt-3 border-top" aria-labelledby={id}>
      <h2 className="h5" id={id}>
        <FormattedMessage id={title} />
      </h2>
      {children}
    </section>
  );
}

/** What an administrator sees below the statement: the form to change it and the complaints. */
export function StatementAdmin() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(accessibilityActions.complaintsRequested());
  }, [dispatch]);
  return (
    <>
      <AdminSection id="accessibility-edit" title="ACCESSIBILITY.EDIT.TITLE">
        <StatementEditor />
      </AdminSection>
      <AdminSection id="accessibility-complaints" title="ACCESSIBILITY.COMPLAINTS.TITLE">
        <ComplaintsList />
      </AdminSection>
    </>
  );
}
