import { Formik, Form as FormikForm, Field } from 'formik';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import type { EditionDeadline } from '../../../shared/api/campaignCycle.js';
import { REASON_MAX_LENGTH } from '../../../shared/constants.js';
import { campaignCycleActions } from './campaignCycleSlice.js';
import { selectChange, selectExtensionOptions } from './campaignCycleSelectors.js';
import { reasonError } from './ReopenDialog.js';

type Errors = Record<string, string>;

/** One labelled field of a small form, with its message under it. */
function Labelled({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <Form.Group as={Col} xs={12} sm="auto" controlId={id}>
      <Form.Label className="small mb-1">
        <FormattedMessage id={label} />
      </Form.Label>
      {children}
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </Form.Group>
  );
}

/** 'Plazo de la edición': the opening and closing dates (empty: no limit); the closing not before the opening. */
export function DeadlineForm({ deadline }: { deadline: EditionDeadline }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const busy = useAppSelector(selectChange).status === 'loading';
  return (
    <Formik
      enableReinitialize
      initialValues={{ opensOn: deadline.opensOn ?? '', closesOn: deadline.closesOn ?? '' }}
      validate={(v) => {
        const errors: Errors = {};
        if (v.opensOn && v.closesOn && v.closesOn < v.opensOn) errors.closesOn = intl.formatMessage({ id: 'DEADLINE.FORM.CLOSING_BEFORE_OPENING' });
        return errors;
      }}
      onSubmit={(v) => {
        dispatch(campaignCycleActions.deadlineSetRequested({ edition: deadline.campaignNumber, opensOn: v.opensOn || null, closesOn: v.closesOn || null }));
      }}
    >
      {({ errors, dirty }) => (
        <FormikForm noValidate aria-label={intl.formatMessage({ id: 'DEADLINE.FORM.TITLE' })}>
          <Row className="g-2 align-items-end">
            <Labelled id="deadline-opens" label="DEADLINE.OPENS_ON">
              <Field id="deadline-opens" type="date" name="opensOn" className="form-control form-control-sm" />
            </Labelled>
            <Labelled id="deadline-closes" label="DEADLINE.CLOSES_ON" error={errors.closesOn}>
              <Field id="deadline-closes" type="date" name="closesOn" className={`form-control form-control-sm${errors.closesOn ? ' is-invalid' : ''}`} />
            </Labelled>
            <Col xs={12} sm="auto">
              {/* Nothing to save until a date differs from the edition's (saving them unchanged said 'Plazo guardado' for nothing). */}
              <Button type="submit" size="sm" disabled={busy || !dirty}>
                <FormattedMessage id="DEADLINE.SAVE" />
              </Button>
            </Col>
          </Row>
        </FormikForm>
      )}
    </Formik>
  );
}

/** 'Ampliar plazo': a later closing date for one entity, with a mandatory reason. */
export function ExtensionForm() {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const busy = useAppSelector(selectChange).status === 'loading';
  const options = useAppSelector(selectExtensionOptions);
  return (
    <Formik
      initialValues={{ entityId: '', closesOn: '', reason: '' }}
      validate={(v) => {
        const errors: Errors = {};
        const required = intl.formatMessage({ id: 'DEADLINE.FORM.REQUIRED' });
        if (!v.entityId) errors.entityId = required;
        if (!v.closesOn) errors.closesOn = required;
        const reason = reasonError(v.reason);
        if (reason) errors.reason = intl.formatMessage({ id: reason });
        return errors;
      }}
      onSubmit={(v, { resetForm }) => {
        dispatch(campaignCycleActions.extensionRequested({ entityId: Number(v.entityId), closesOn: v.closesOn, reason: v.reason.trim() }));
        resetForm();
      }}
    >
      {({ errors, submitCount }) => {
        const shown = submitCount > 0 ? errors : {};
        return (
          <FormikForm noValidate aria-label={intl.formatMessage({ id: 'DEADLINE.EXTEND.TITLE' })}>
            <p className="small fw-semibold mb-1">
              <FormattedMessage id="DEADLINE.EXTEND.TITLE" />
            </p>
            <Row className="g-2 align-items-start">
              <Labelled id="extension-entity" label="DEADLINE.EXTEND.ENTITY" error={shown.entityId}>
                <Field id="extension-entity" as="select" name="entityId" className="form-select form-select-sm">
                  <option value="">{intl.formatMessage({ id: 'DEADLINE.EXTEND.CHOOSE' })}</option>
                  {options.map((o) => (
                    <option key={o.entityId} value={o.entityId}>
                      {o.entity}
                    </option>
                  ))}
                </Field>
              </Labelled>
              <Labelled id="extension-date" label="DEADLINE.EXTEND.DATE" error={shown.closesOn}>
                <Field id="extension-date" type="date" name="closesOn" className="form-control form-control-sm" />
              </Labelled>
              <Labelled id="extension-reason" label="DEADLINE.EXTEND.REASON" error={shown.reason}>
                <Field id="extension-reason" name="reason" maxLength={REASON_MAX_LENGTH} className="form-control form-control-sm" />
              </Labelled>
              <Col xs={12} sm="auto" className="align-self-end">
                <Button type="submit" size="sm" variant="outline-primary" disabled={busy}>
                  <FormattedMessage id="DEADLINE.EXTEND.SUBMIT" />
                </Button>
              </Col>
            </Row>
          </FormikForm>
        );
      }}
    </Formik>
  );
}
