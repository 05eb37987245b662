import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Form } from 'react-bootstrap';
import { Formik, type FormikErrors } from 'formik';
import { FormattedMessage } from 'react-intl';
import { PasswordToggle } from '../../components/PasswordToggle.js';
import { SubmitButton } from '../../components/SubmitButton.js';
import { TextField } from '../../components/TextField.js';
import { useAppSelector, useDispatchOnMount } from '../../app/hooks.js';
import { PATHS } from '../../app/paths.js';
import { AuthHeading } from './AuthHeading.js';
import { passwordResetActions } from './passwordResetSlice.js';
import { selectNewPasswordError, selectNewPasswordStatus } from './authSelectors.js';
import { useNewPasswordSubmit } from './credentials.js';
import { loadStrengthEstimator } from './passwordStrength.js';
import { checkNewPassword, passwordProblemMessageId, PASSWORD_MIN_SCORE } from '../../../shared/password/policy.js';

interface NewPasswordValues {
  newPassword: string;
  repeatPassword: string;
}

/** The form's courtesy check (the server checks again with the account's e-mail and name): the policy and the repetition. */
async function validatePasswords(values: NewPasswordValues): Promise<FormikErrors<NewPasswordValues>> {
  const errors: FormikErrors<NewPasswordValues> = {};
  const estimate = (await loadStrengthEstimator()) ?? (() => ({ score: PASSWORD_MIN_SCORE, warning: null }));
  const problem = checkNewPassword(values.newPassword, { email: '' }, estimate);
  if (problem) errors.newPassword = passwordProblemMessageId(problem);
  if (!values.repeatPassword) errors.repeatPassword = 'ACCOUNT.PASSWORD.REQUIRED';
  else if (values.repeatPassword !== values.newPassword) errors.repeatPassword = 'ACCOUNT.PASSWORD.MISMATCH';
  return errors;
}

/**
 * The page a reset link opens (its token in the fragment, which the saga reads): the new password twice, under the
 * policy of the change-password form. Once set, the way back to the login.
 */
export function ResetPasswordPage() {
  const status = useAppSelector(selectNewPasswordStatus);
  const error = useAppSelector(selectNewPasswordError);
  const submit = useNewPasswordSubmit();
  const [shown, setShown] = useState(false);
  useDispatchOnMount(passwordResetActions.resetOpened);
  useEffect(() => {
    void loadStrengthEstimator();
  }, []);
  const type = shown ? 'text' : 'password';

  if (status === 'succeeded') {
    return (
      <>
        <AuthHeading title="AUTH.RESET.TITLE" />
        <Alert variant="success" role="status">
          <FormattedMessage id="AUTH.RESET.DONE" />
        </Alert>
        <div className="d-flex justify-content-end mt-4">
          <Link className="btn btn-primary" to={PATHS.login}>
            <FormattedMessage id="AUTH.FORGOT.BACK_TO_LOGIN" />
          </Link>
        </div>
      </>
    );
  }
  return (
    <>
      <AuthHeading title="AUTH.RESET.TITLE" subtitle="ACCOUNT.PASSWORD.RULES" />
      {error && status === 'failed' && (
        <Alert variant="danger" role="alert">
          <FormattedMessage id={error.id} values={'values' in error ? error.values : undefined} />
          {error.id === 'AUTH.RESET.INVALID_LINK' && (
            <>
              {' '}
              <Link to={PATHS.forgotPassword}>
                <FormattedMessage id="AUTH.RESET.ASK_AGAIN" />
              </Link>
            </>
          )}
        </Alert>
      )}
      <Formik initialValues={{ newPassword: '', repeatPassword: '' }} validate={validatePasswords} onSubmit={(values) => submit(values.newPassword)}>
        {({ handleSubmit, isValidating }) => (
          <Form noValidate onSubmit={handleSubmit}>
            <TextField
              id="reset-new-password"
              name="newPassword"
              type={type}
              label="ACCOUNT.PASSWORD.NEW"
              autoComplete="new-password"
              append={<PasswordToggle shown={shown} onToggle={() => setShown((value) => !value)} />}
            />
            <TextField id="reset-repeat-password" name="repeatPassword" type={type} label="ACCOUNT.PASSWORD.REPEAT" autoComplete="new-password" />
            <div className="d-flex flex-wrap justify-content-end align-items-center gap-2 mt-4">
              {isValidating && status !== 'loading' && (
                <span className="text-body-secondary small" role="status">
                  <FormattedMessage id="ACCOUNT.PASSWORD.CHECKING" />
                </span>
              )}
              <SubmitButton busy={status === 'loading'}>
                <FormattedMessage id="ACCOUNT.PASSWORD.SUBMIT" />
              </SubmitButton>
            </div>
          </Form>
        )}
      </Formik>
    </>
  );
}
