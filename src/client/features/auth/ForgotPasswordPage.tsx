import { useNavigate } from 'react-router-dom';
import { Button, Form } from 'react-bootstrap';
import { Formik } from 'formik';
import { FormattedMessage } from 'react-intl';
import { forgotPasswordSchema } from '../../../shared/validation/auth.js';
import { PATHS } from '../../app/paths.js';
import { TextField } from '../../components/TextField.js';
import { SubmitButton } from '../../components/SubmitButton.js';
import { AuthHeading } from './AuthHeading.js';

/** One phone field; Submit only validates (the product has no recovery yet), Cancel returns to /auth. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  return (
    <>
      <AuthHeading title="AUTH.FORGOT.TITLE" subtitle="AUTH.FORGOT.DESC" />
      <Formik initialValues={{ phone: '' }} validationSchema={forgotPasswordSchema} onSubmit={() => undefined}>
        {({ handleSubmit }) => (
          <Form noValidate onSubmit={handleSubmit}>
            <TextField id="forgot-phone" name="phone" type="tel" label="AUTH.INPUT.PHONE" autoComplete="tel" />
            <div className="d-flex gap-2 justify-content-end mt-4">
              <Button variant="outline-secondary" onClick={() => navigate(PATHS.auth)}>
                <FormattedMessage id="AUTH.GENERAL.CANCEL" />
              </Button>
              <SubmitButton variant="primary">
                <FormattedMessage id="AUTH.GENERAL.SUBMIT" />
              </SubmitButton>
            </div>
          </Form>
        )}
      </Formik>
    </>
  );
}
