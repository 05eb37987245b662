import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Form } from 'react-bootstrap';
import { Formik } from 'formik';
import { FormattedMessage } from 'react-intl';
import { PasswordToggle } from '../../components/PasswordToggle.js';
import { SubmitButton } from '../../components/SubmitButton.js';
import { useAppSelector } from '../../app/hooks.js';
import { useLoginSubmit } from './credentials.js';
import { selectLoginErrorMessage, selectLoginStatus } from './authSelectors.js';
import { loginFormSchema } from '../../../shared/validation/auth.js';
import { PATHS } from '../../app/paths.js';
import { TextField } from '../../components/TextField.js';
import { AuthHeading } from './AuthHeading.js';

/** Sign-in form: e-mail and password with the exact validation messages, a spinner while busy, an alert on failure. */
export function LoginPage() {
  const submit = useLoginSubmit();
  const status = useAppSelector(selectLoginStatus);
  const error = useAppSelector(selectLoginErrorMessage);
  const [showPassword, setShowPassword] = useState(false);
  const busy = status === 'loading';

  return (
    <>
      <AuthHeading title="AUTH.LOGIN.TITLE" subtitle="AUTH.LOGIN.SUBTITLE" />
      {error && status === 'failed' && (
        <Alert variant="danger" role="alert" data-testid="login-error">
          <FormattedMessage id={error.id} values={'values' in error ? error.values : undefined} />
        </Alert>
      )}
      <Formik
        initialValues={{ email: '', password: '' }}
        validationSchema={loginFormSchema}
        onSubmit={(values) => submit({ email: values.email.trim(), password: values.password })}
      >
        {({ handleSubmit }) => (
          <Form noValidate onSubmit={handleSubmit}>
            <TextField id="login-email" name="email" type="email" label="AUTH.INPUT.EMAIL" autoComplete="username" />
            <TextField
              id="login-password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              label="AUTH.INPUT.PASSWORD"
              autoComplete="current-password"
              append={<PasswordToggle shown={showPassword} onToggle={() => setShowPassword((shown) => !shown)} />}
            />
            <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-4">
              <Link to={PATHS.forgotPassword}>
                <FormattedMessage id="AUTH.LOGIN.FORGOT" />
              </Link>
              <SubmitButton variant="primary" busy={busy} className="px-4">
                <FormattedMessage id="AUTH.LOGIN.BUTTON" />
              </SubmitButton>
            </div>
          </Form>
        )}
      </Formik>
    </>
  );
}
