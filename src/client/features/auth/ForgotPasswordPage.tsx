import { useNavigate } from 'react-router-dom';
import { Button, Form } from 'react-bootstrap';
import { Formik } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { forgotPasswordSchema } from '../../../shared/validation/auth.js';
import { PATHS } from '../../app/paths.js';

/** One phone field; Submit only validates (the product has no recovery yet), Cancel returns to /auth. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const intl = useIntl();
  return (
    <>
      <h1 className="h3 mb-1">
        <FormattedMessage id="AUTH.FORGOT.TITLE" />
      </h1>
      <p className="text-body-secondary mb-4">
        <FormattedMessage id="AUTH.FORGOT.DESC" />
      </p>
      <Formik initialValues={{ phone: '' }} validationSchema={forgotPasswordSchema} onSubmit={() => undefined}>
        {({ handleSubmit, handleChange, handleBlur, values, touched, errors }) => (
          <Form noValidate onSubmit={handleSubmit}>
            <Form.Group className="mb-3" controlId="forgot-phone">
              <Form.Label>
                <FormattedMessage id="AUTH.INPUT.PHONE" />
              </Form.Label>
              <Form.Control
                type="tel"
                name="phone"
                autoComplete="tel"
                value={values.phone}
                onChange={handleChange}
                onBlur={handleBlur}
                isValid={touched.phone && !errors.phone}
                isInvalid={touched.phone && !!errors.phone}
              />
              <Form.Control.Feedback type="invalid">{errors.phone && intl.formatMessage({ id: errors.phone })}</Form.Control.Feedback>
            </Form.Group>
            <div className="d-flex gap-2 justify-content-end mt-4">
              <Button variant="outline-secondary" onClick={() => navigate(PATHS.auth)}>
                <FormattedMessage id="AUTH.GENERAL.CANCEL" />
              </Button>
              <Button type="submit" variant="primary">
                <FormattedMessage id="AUTH.GENERAL.SUBMIT" />
              </Button>
            </div>
          </Form>
        )}
      </Formik>
    </>
  );
}
