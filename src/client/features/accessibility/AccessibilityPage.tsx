import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { Loading } from '../../components/Loading.js';
import { LabelledGroup } from '../../components/LabelledGroup.js';
import { formatCalendarDay } from '../../lib/dates.js';
import { selectUser } from '../auth/authSelectors.js';
import { LegalPage } from '../layout/CardPage.js';
import { can } from '../../../shared/permissions.js';
import { COMPLAINT_MAX_LENGTH } from '../../../shared/accessibility.js';
import { EMAIL_PATTERN } from '../../../shared/constants.js';
import { accessibilityActions } from './accessibilitySlice.js';
import { complaintErrorMessage, selectAccessibility } from './accessibilitySelectors.js';
import { StatementAdmin } from './StatementAdmin.js';

const EMAIL = new RegExp(EMAIL_PATTERN);

const Heading = ({ id }: { id: string }) => (
  <h2 className="h5 mt-4">
    <FormattedMessage id={id} />
  </h2>
);

/** The conformance, the known exceptions (one a line) and the last review, as the administrator stated them. */
function StatementContents() {
  const intl = useIntl();
  const { statement } = useAppSelector(selectAccessibility);
  const value = statement.value;
  if (!value) {
    return statement.status === 'failed' ? (
      <Alert variant="warning">
        <FormattedMessage id="ACCESSIBILITY.LOAD_FAILED" />
      </Alert>
    ) : (
      <Loading />
    );
  }
  const exceptions = value.exceptions
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return (
    <>
      <Heading id="ACCESSIBILITY.STATUS.TITLE" />
      <p data-testid="accessibility-conformance">
        <FormattedMessage id={`ACCESSIBILITY.STATUS.${value.conformance}`} />
      </p>
      <Heading id="ACCESSIBILITY.EXCEPTIONS.TITLE" />
      {exceptions.length === 0 ? (
        <p>
          <FormattedMessage id="ACCESSIBILITY.EXCEPTIONS.NONE" />
        </p>
      ) : (
        <ul data-testid="accessibility-exceptions">
          {exceptions.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
      <Heading id="ACCESSIBILITY.METHOD.TITLE" />
      <p>
        <FormattedMessage id="ACCESSIBILITY.METHOD.TEXT" />
      </p>
      <p data-testid="accessibility-reviewed">
        {value.reviewedOn ? (
          <FormattedMessage id="ACCESSIBILITY.METHOD.REVIEWED" values={{ date: formatCalendarDay(intl, value.reviewedOn) }} />
        ) : (
          <FormattedMessage id="ACCESSIBILITY.METHOD.NEVER" />
        )}
      </p>
    </>
  );
}

/** The complaint form: an address to answer and the text; it keeps what was written when sending fails. */
function ComplaintForm() {
  const dispatch = useAppDispatch();
  const { complaint } = useAppSelector(selectAccessibility);
  const [email, setEmail] = useState(useAppSelector(selectUser)?.email ?? '');
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const emailValid = EMAIL.test(email.trim());
  const textValid = text.trim() !== '';
  const sentRef = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  // Leaving the page forgets the message: coming back shows the form.
  useEffect(() => () => void dispatch(accessibilityActions.complaintReset()), [dispatch]);
  // The button that had the focus is gone once the complaint went: the focus goes to what replaced it.
  useEffect(() => {
    if (complaint.status === 'succeeded') sentRef.current?.focus();
  }, [complaint.status]);

  if (complaint.status === 'succeeded') {
    return (
      <Alert variant="success" role="status" tabIndex={-1} ref={sentRef} data-testid="accessibility-complaint-sent">
        <p className="mb-2">
          <FormattedMessage id="ACCESSIBILITY.FORM.SENT" />
        </p>
        <Button
          variant="success"
          size="sm"
          onClick={() => {
            setText('');
            setTried(false);
            dispatch(accessibilityActions.complaintReset());
          }}
        >
          <FormattedMessage id="ACCESSIBILITY.FORM.ANOTHER" />
        </Button>
      </Alert>
    );
  }
  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (emailValid && textValid) dispatch(accessibilityActions.complaintSent({ email: email.trim(), text }));
        else (emailValid ? textRef : emailRef).current?.focus();
      }}
    >
      {complaint.status === 'failed' && complaint.error && (
        <Alert variant="danger" role="alert">
          <FormattedMessage id={complaintErrorMessage(complaint.error)} />
        </Alert>
      )}
      <LabelledGroup controlId="accessibility-complaint-email" label="ACCESSIBILITY.FORM.EMAIL" className="mb-3">
        <Form.Control
          ref={emailRef}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          isInvalid={tried && !emailValid}
          aria-describedby={tried && !emailValid ? 'accessibility-complaint-email-error' : undefined}
        />
        <Form.Control.Feedback type="invalid" id="accessibility-complaint-email-error">
          <FormattedMessage id="ACCESSIBILITY.FORM.INVALID_EMAIL" />
        </Form.Control.Feedback>
      </LabelledGroup>
      <LabelledGroup controlId="accessibility-complaint-text" label="ACCESSIBILITY.FORM.TEXT" className="mb-3">
        <Form.Control
          ref={textRef}
          as="textarea"
          rows={4}
          maxLength={COMPLAINT_MAX_LENGTH}
          value={text}
          onChange={(e) => setText(e.target.value)}
          isInvalid={tried && !textValid}
          aria-describedby={tried && !textValid ? 'accessibility-complaint-text-error' : 'accessibility-complaint-privacy'}
        />
        <Form.Control.Feedback type="invalid" id="accessibility-complaint-text-error">
          <FormattedMessage id="ACCESSIBILITY.FORM.EMPTY_TEXT" />
        </Form.Control.Feedback>
        <Form.Text id="accessibility-complaint-privacy">
          <FormattedMessage id="ACCESSIBILITY.FORM.PRIVACY" />
        </Form.Text>
      </LabelledGroup>
      <Button type="submit" disabled={complaint.status === 'loading'}>
        {complaint.status === 'loading' && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
        <FormattedMessage id="ACCESSIBILITY.FORM.SEND" />
      </Button>
    </Form>
  );
}

/**
 * 'Accesibilidad', open to anyone: the accessibility statement of RD 1112/2018 (conformance with WCAG 2.1 AA and
 * EN 301 549 as measured, the known exceptions, the last review), how to complain, and the enforcement procedure;
 * an administrator edits the statement and reads the complaints below it.
 */
export function AccessibilityPage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  useEffect(() => {
    dispatch(accessibilityActions.statementRequested());
  }, [dispatch]);
  const manages = user !== null && can(user.role, 'ACCESSIBILITY_MANAGE');

  return (
    <LegalPage title="ACCESSIBILITY.TITLE">
      <p>
        <FormattedMessage id="ACCESSIBILITY.INTRO" />
      </p>
      <StatementContents />
      <section aria-labelledby="accessibility-contact">
        <h2 className="h5 mt-4" id="accessibility-contact">
          <FormattedMessage id="ACCESSIBILITY.CONTACT.TITLE" />
        </h2>
        <p>
          <FormattedMessage id="ACCESSIBILITY.CONTACT.TEXT" />
        </p>
        <ComplaintForm />
      </section>
      <Heading id="ACCESSIBILITY.ENFORCEMENT.TITLE" />
      <p>
        <FormattedMessage id="ACCESSIBILITY.ENFORCEMENT.TEXT" />
      </p>
      {manages && <StatementAdmin />}
    </LegalPage>
  );
}
