import { useNavigate } from 'react-router-dom';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { Formik } from 'formik';
import { FormattedMessage } from 'react-intl';
import { forgotPasswordSchema } from '../../../shared/validation/auth.js';
import { PATHS } from '../../app/paths.js';
import { useAppDispatch, useAppSelector, useDispatchOnMount } from '../../app/hooks.js';
import { TextField } from '../../components/TextField.js';
import { SubmitButton } from '../../components/SubmitButton.js';
import { AuthHeading } from './AuthHeading.js';
import { passwordResetActions } from './passwordResetSlice.js';
import { selectLinkRequestError, selectLinkRequestStatus, selectMailAvailability } from './authSelectors.js';

/**
 * Forgotten password. With e-mail on the server: the account's address, to which a single-use link goes (the
 * answer says the same whether or not the address has an account). Without: ask an administrator. Cancel returns
 * to /auth.
 */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const mail = useAppSelector(selectMailAvailability);
  const status = useAppSelector(selectLinkRequestStatus);
  const error = useAppSelector(selectLinkRequestError);
  useDispatchOnMount(passwordResetActions.forgotPasswordOpened);
  const cancel = (
    <Button variant="outline-secondary" onClick={() => navigate(PATHS.auth)}>
      <FormattedMessage id="AUTH.GENERAL.CANCEL" />
    </Button>
  );

  if (mail === 'unknown') {
    return (
      <>
        <AuthHeading title="AUTH.FORGOT.TITLE" />
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">
            <FormattedMessage id="AUTH.FORGOT.CHECKING" />
          </span>
        </Spinner>
      </>
    );
  }
  if (mail === 'unavailable') {
    return (
      <>
        <AuthHeading title="AUTH.FORGOT.TITLE" />
        <Alert variant="info" data-testid="forgot-no-mail">
          <FormattedMessage id="AUTH.FORGOT.NO_MAIL" />
        </Alert>
        <div className="d-flex justify-content-end mt-4">{cancel}</div>
      </>
    );
  }
  if (status === 'succeeded') {
    return (
      <>
        <AuthHeading title="AUTH.FORGOT.TITLE" />
        <Alert variant="success" role="status" data-testid="forgot-sent">
          <FormattedMessage id="AUTH.FORGOT.SENT" />
        </Alert>
        <div className="d-flex justify-content-end mt-4">
          <Button variant="primary" onClick={() => navigate(PATHS.login)}>
            <FormattedMessage id="AUTH.FORGOT.BACK_TO_LOGIN" />
          </Button>
        </div>
      </>
    );
  }
  return (
    <>
      <AuthHeading title="AUTH.FORGOT.TITLE" subtitle="AUTH.FORGOT.DESC" />
      {error && status === 'failed' && (
        <Alert variant="danger" role="alert">
          <FormattedMessage id={error.id} values={'values' in error ? error.values : undefined} />
        </Alert>
      )}
      <Formik
        initialValues={{ email: '' }}
        validationSchema={forgotPasswordSchema}
        onSubmit={(values) => void dispatch(passwordResetActions.linkRequested(values.email.trim()))}
      >
        {({ handleSubmit }) => (
          <Form noValidate onSubmit={handleSubmit}>
            <TextField id="forgot-email" name="email" type="email" label="AUTH.INPUT.EMAIL" autoComplete="username" />
            <div className="d-flex gap-2 justify-content-end mt-4">
              {cancel}
              <SubmitButton variant="primary" busy={status === 'loading'}>
                <FormattedMessage id="AUTH.GENERAL.SUBMIT" />
              </SubmitButton>
            </div>
          </Form>
        )}
      </Formik>
    </>
  );
}
