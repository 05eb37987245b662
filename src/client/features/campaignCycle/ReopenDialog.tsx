import { Formik, Form as FormikForm, Field, ErrorMessage } from 'formik';
import { Button, Form, Modal } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { DialogHeader } from '../../components/DialogHeader.js';
import { DialogFooter } from '../../components/DialogFooter.js';
import { REASON_MAX_LENGTH } from '../../../shared/constants.js';
import { campaignCycleActions } from './campaignCycleSlice.js';
import { selectChange } from './campaignCycleSelectors.js';

/** Checks a mandatory reason (the server checks again). */
export const reasonError = (reason: string) =>
  reason.trim() === '' ? 'DEADLINE.FORM.REASON_REQUIRED' : reason.length > REASON_MAX_LENGTH ? 'DEADLINE.FORM.REASON_TOO_LONG' : undefined;

/** 'Reabrir' a sent campaign (ADMIN): back to draft with its answers, with a mandatory reason. */
export function ReopenDialog({ campaign, onHide }: { campaign: { id: number; entity: string; year: number } | null; onHide: () => void }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const busy = useAppSelector(selectChange).status === 'loading';
  return (
    <Modal show={campaign !== null} onHide={onHide} centered aria-labelledby="reopen-title">
      {campaign && (
        <Formik
          initialValues={{ reason: '' }}
          validate={(values) => {
            const error = reasonError(values.reason);
            return error ? { reason: intl.formatMessage({ id: error }) } : {};
          }}
          onSubmit={(values) => {
            dispatch(campaignCycleActions.reopenRequested({ id: campaign.id, reason: values.reason.trim() }));
            onHide();
          }}
        >
          {({ errors, touched }) => (
            <FormikForm noValidate>
              <DialogHeader id="reopen-title" title="REOPEN.TITLE" />
              <Modal.Body>
                <p>
                  <FormattedMessage id="REOPEN.MESSAGE" values={{ entity: campaign.entity, year: String(campaign.year) }} />
                </p>
                <Form.Group controlId="reopen-reason">
                  <Form.Label>
                    <FormattedMessage id="REOPEN.REASON" />
                  </Form.Label>
                  <Field
                    id="reopen-reason"
                    as="textarea"
                    name="reason"
                    rows={3}
                    maxLength={REASON_MAX_LENGTH}
                    className={`form-control${errors.reason && touched.reason ? ' is-invalid' : ''}`}
                  />
                  <ErrorMessage name="reason" component="div" className="invalid-feedback" />
                </Form.Group>
              </Modal.Body>
              <DialogFooter dismissLabel="COMMON.CANCEL" onDismiss={onHide}>
                <Button type="submit" variant="danger" disabled={busy}>
                  <FormattedMessage id="REOPEN.CONFIRM" />
                </Button>
              </DialogFooter>
            </FormikForm>
          )}
        </Formik>
      )}
    </Modal>
  );
}
