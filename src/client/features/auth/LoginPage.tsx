import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { Formik } from 'formik';
import { FormattedMessage } from 'react-intl';
import { PasswordToggle } from '../../components/PasswordToggle.js';
import { SubmitButton } from '../../components/SubmitButton.js';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { useLoginSubmit } from './credentials.js';
import { selectLoginErrorMessage, selectLoginStatus, selectSignInMethods, selectSingleSignOn, selectSingleSignOnMessage } from './authSelectors.js';
import { authActions } from './authSlice.js';
import { loginFormSchema } from '../../../shared/validation/auth.js';
import { PATHS } from '../../app/paths.js';
import { TextField } from '../../components/TextField.js';
import { AuthHeading } from './AuthHeading.js';

/**
 * Sign-in: e-mail and password with the exact validation messages, a spinner while busy, an alert on failure; and
 * 'Entrar con <nombre>' under it when the server has an OpenID provider (or alone, when passwords are switched off).
 * The button comes after the form, so that the form never moves when the server's answer arrives.
 */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const submit = useLoginSubmit();
  const status = useAppSelector(selectLoginStatus);
  const error = useAppSelector(selectLoginErrorMessage);
  const methods = useAppSelector(selectSignInMethods);
  const singleSignOn = useAppSelector(selectSingleSignOn);
  const refusal = useAppSelector(selectSingleSignOnMessage);
  const [showPassword, setShowPassword] = useState(false);
  const busy = status === 'loading';
  useEffect(() => {
    dispatch(authActions.methodsRequested());
  }, [dispatch]);

  return (
    <>
      <AuthHeading title="AUTH.LOGIN.TITLE" subtitle={methods.password ? 'AUTH.LOGIN.SUBTITLE' : 'AUTH.SSO.SUBTITLE'} />
      {refusal && (
        <Alert variant="danger" role="alert" data-testid="sso-error">
          <FormattedMessage id={refusal} />
        </Alert>
      )}
      {error && status === 'failed' && (
        <Alert variant="danger" role="alert" data-testid="login-error">
          <FormattedMessage id={error.id} values={'values' in error ? error.values : undefined} />
        </Alert>
      )}
      {methods.password && (
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
      )}
      {methods.oidcName !== null && (
        <div className={methods.password ? 'mt-4 pt-3 border-top' : ''}>
          {methods.password && (
            <p className="text-body-secondary small mb-2">
              <FormattedMessage id="AUTH.SSO.OR" />
            </p>
          )}
          <Button
            variant={methods.password ? 'outline-primary' : 'primary'}
            className="w-100"
            disabled={singleSignOn.status === 'leaving'}
            onClick={() => dispatch(authActions.singleSignOnRequested())}
          >
            {singleSignOn.status === 'leaving' && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
            <FormattedMessage id="AUTH.SSO.BUTTON" values={{ name: methods.oidcName }} />
          </Button>
        </div>
      )}
    </>
  );
}
