import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Form, InputGroup, Spinner } from 'react-bootstrap';
import { Formik } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { Eye, EyeSlash } from '../../components/icons.js';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { authActions } from './authSlice.js';
import { selectLoginErrorMessage, selectLoginStatus } from './authSelectors.js';
import { loginFormSchema } from '../../../shared/validation/auth.js';
import { PATHS } from '../../app/paths.js';

/** Sign-in form: e-mail and password with the exact validation messages, a spinner while busy, an alert on failure. */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const status = useAppSelector(selectLoginStatus);
  const error = useAppSelector(selectLoginErrorMessage);
  const [showPassword, setShowPassword] = useState(false);
  const busy = status === 'loading';
  const t = (id: string | undefined) => (id ? intl.formatMessage({ id }) : undefined);

  return (
    <>
      <h1 className="h3 mb-1">
        <FormattedMessage id="AUTH.LOGIN.TITLE" />
      </h1>
      <p className="text-body-secondary mb-4">
        <FormattedMessage id="AUTH.LOGIN.SUBTITLE" />
      </p>
      {error && status === 'failed' && (
        <Alert variant="danger" role="alert" data-testid="login-error">
          <FormattedMessage id={error.id} values={'values' in error ? error.values : undefined} />
        </Alert>
      )}
      <Formik initialValues={{ email: '', password: '' }} validationSchema={loginFormSchema} onSubmit={(values) => void dispatch(authActions.loginRequested({ email: values.email.trim(), password: values.password }))}>
        {({ handleSubmit, handleChange, handleBlur, values, touched, errors }) => (
          <Form noValidate onSubmit={handleSubmit}>
            <Form.Group className="mb-3" controlId="login-email">
              <Form.Label>
                <FormattedMessage id="AUTH.INPUT.EMAIL" />
              </Form.Label>
              <Form.Control
                type="email"
                name="email"
                autoComplete="username"
                value={values.email}
                onChange={handleChange}
                onBlur={handleBlur}
                isValid={touched.email && !errors.email}
                isInvalid={touched.email && !!errors.email}
                aria-describedby="login-email-error"
              />
              <Form.Control.Feedback type="invalid" id="login-email-error">
                {t(errors.email)}
              </Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="mb-3" controlId="login-password">
              <Form.Label>
                <FormattedMessage id="AUTH.INPUT.PASSWORD" />
              </Form.Label>
              <InputGroup hasValidation>
                <Form.Control
                  type={showPassword ? 'text' : 'password'}
                  name="password"
                  autoComplete="current-password"
                  value={values.password}
                  onChange={handleChange}
                  onBlur={handleBlur}
                  isValid={touched.password && !errors.password}
                  isInvalid={touched.password && !!errors.password}
                  aria-describedby="login-password-error"
                />
                <Button
                  variant="outline-secondary"
                  onClick={() => setShowPassword((shown) => !shown)}
                  aria-pressed={showPassword}
                  aria-label={intl.formatMessage({ id: showPassword ? 'AUTH.LOGIN.HIDE_PASSWORD' : 'AUTH.LOGIN.SHOW_PASSWORD' })}
                >
                  {showPassword ? <EyeSlash aria-hidden="true" /> : <Eye aria-hidden="true" />}
                </Button>
                <Form.Control.Feedback type="invalid" id="login-password-error">
                  {t(errors.password)}
                </Form.Control.Feedback>
              </InputGroup>
            </Form.Group>
            <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-4">
              <Link to={PATHS.forgotPassword}>
                <FormattedMessage id="AUTH.LOGIN.FORGOT" />
              </Link>
              <Button type="submit" variant="primary" disabled={busy} className="px-4">
                {busy && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
                <FormattedMessage id="AUTH.LOGIN.BUTTON" />
              </Button>
            </div>
          </Form>
        )}
      </Formik>
    </>
  );
}
