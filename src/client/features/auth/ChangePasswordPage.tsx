import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Alert, Card, Form } from 'react-bootstrap';
import { Formik, type FormikErrors } from 'formik';
import { FormattedMessage } from 'react-intl';
import { PasswordToggle } from '../../components/PasswordToggle.js';
import { SubmitButton } from '../../components/SubmitButton.js';
import { PageHeader } from '../../components/PageHeader.js';
import { TextField } from '../../components/TextField.js';
import { useAppSelector, useDispatchOnMount } from '../../app/hooks.js';
import { PATHS } from '../../app/paths.js';
import { authActions } from './authSlice.js';
import { selectMustChangePassword, selectPasswordChangeError, selectPasswordChangeStatus, selectUser } from './authSelectors.js';
import { usePasswordChangeSubmit } from './credentials.js';
import { loadStrengthEstimator } from './passwordStrength.js';
import { checkNewPassword, passwordProblemMessageId, PASSWORD_MIN_SCORE } from '../../../shared/password/policy.js';

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  repeatPassword: string;
}

const INITIAL_VALUES: ChangePasswordValues = { currentPassword: '', newPassword: '', repeatPassword: '' };

/**
 * The form's check, as a courtesy (the server checks again): the policy of src/shared/password/policy.ts with
 * the strength estimator of its own chunk, and the repetition.
 */
async function validatePasswords(values: ChangePasswordValues, user: { email: string; name: string }): Promise<FormikErrors<ChangePasswordValues>> {
  const errors: FormikErrors<ChangePasswordValues> = {};
  if (!values.currentPassword) errors.currentPassword = 'ACCOUNT.PASSWORD.REQUIRED';
  const estimate = (await loadStrengthEstimator()) ?? (() => ({ score: PASSWORD_MIN_SCORE, warning: null }));
  const problem = checkNewPassword(values.newPassword, { ...user, currentPassword: values.currentPassword || undefined }, estimate);
  if (problem) errors.newPassword = passwordProblemMessageId(problem);
  if (!values.repeatPassword) errors.repeatPassword = 'ACCOUNT.PASSWORD.REQUIRED';
  else if (values.repeatPassword !== values.newPassword) errors.repeatPassword = 'ACCOUNT.PASSWORD.MISMATCH';
  return errors;
}

/**
 * 'Cambiar contraseña': the current password and the new one twice, with the reason a new password
 * is refused in the user's language. A user whose password an administrator generated lands here after
 * signing in and can go nowhere else until the change is made (guards.tsx). After the change, the user's home.
 */
export default function ChangePasswordPage() {
  const user = useAppSelector(selectUser);
  const forced = useAppSelector(selectMustChangePassword);
  const status = useAppSelector(selectPasswordChangeStatus);
  const error = useAppSelector(selectPasswordChangeError);
  const submit = usePasswordChangeSubmit();
  const [submitted, setSubmitted] = useState(false);
  const [shown, setShown] = useState(false);
  useDispatchOnMount(authActions.passwordChangeOpened);
  useEffect(() => {
    void loadStrengthEstimator();
  }, []);
  if (!user) return null;
  if (submitted && status === 'succeeded') return <Navigate to={PATHS.root} replace />;
  const busy = status === 'loading';
  const type = shown ? 'text' : 'password';
  const toggle = <PasswordToggle shown={shown} onToggle={() => setShown((value) => !value)} />;

  return (
    <section aria-labelledby="change-password-title" style={{ maxWidth: '40rem' }}>
      <PageHeader id="change-password-title" title="ACCOUNT.PASSWORD.TITLE" />
      <Card>
        <Card.Body>
          {forced && (
            <Alert variant="warning" data-testid="password-change-required">
              <FormattedMessage id="ACCOUNT.PASSWORD.FORCED_NOTICE" />
            </Alert>
          )}
          {error && status === 'failed' && (
            <Alert variant="danger" role="alert" data-testid="password-change-error">
              <FormattedMessage id={error.id} values={'values' in error ? error.values : undefined} />
            </Alert>
          )}
          <p className="text-body-secondary small" id="password-rules">
            <FormattedMessage id="ACCOUNT.PASSWORD.RULES" />
          </p>
          <Formik
            initialValues={INITIAL_VALUES}
            // Checked as the user types (a few milliseconds), so that a message goes away before the button is
            // pressed: checked on blur only, the button would move under the pointer as the press blurs the field.
            validate={(values) => validatePasswords(values, user)}
            onSubmit={(values) => {
              setSubmitted(true);
              submit({ currentPassword: values.currentPassword, newPassword: values.newPassword });
            }}
          >
            {({ handleSubmit, isValidating }) => (
              <Form noValidate onSubmit={handleSubmit}>
                {/* The account's e-mail for password managers, which store the new password under it. */}
                <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
                <TextField
                  id="current-password"
                  name="currentPassword"
                  type={type}
                  label="ACCOUNT.PASSWORD.CURRENT"
                  autoComplete="current-password"
                  append={toggle}
                />
                <TextField id="new-password" name="newPassword" type={type} label="ACCOUNT.PASSWORD.NEW" autoComplete="new-password" />
                <TextField id="repeat-password" name="repeatPassword" type={type} label="ACCOUNT.PASSWORD.REPEAT" autoComplete="new-password" />
                <div className="d-flex flex-wrap justify-content-end align-items-center gap-2 mt-4">
                  {isValidating && !busy && (
                    <span className="text-body-secondary small" role="status">
                      <FormattedMessage id="ACCOUNT.PASSWORD.CHECKING" />
                    </span>
                  )}
                  <SubmitButton busy={busy}>
                    <FormattedMessage id="ACCOUNT.PASSWORD.SUBMIT" />
                  </SubmitButton>
                </div>
              </Form>
            )}
          </Formik>
        </Card.Body>
      </Card>
    </section>
  );
}
