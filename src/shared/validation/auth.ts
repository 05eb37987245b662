import * as yup from 'yup';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../constants.js';

/**
 * The login form's fields. Messages are i18n keys; the client translates them
 * (the password minimum is 1 while its message says 2 symbols, as the specification keeps).
 */
export const loginFormSchema = yup.object({
  email: yup
    .string()
    .trim()
    .email('AUTH.VALIDATION.INVALID_EMAIL')
    .max(EMAIL_MAX_LENGTH, 'AUTH.VALIDATION.INVALID_EMAIL')
    .required('AUTH.VALIDATION.REQUIRED_FIELD'),
  password: yup
    .string()
    .min(1, 'AUTH.VALIDATION.PASSWORD_MIN')
    .max(PASSWORD_MAX_LENGTH, 'AUTH.VALIDATION.MAX_LENGTH')
    .required('AUTH.VALIDATION.REQUIRED_FIELD'),
});

const pkceValue = yup.string().matches(/^[A-Za-z0-9\-._~]{43,128}$/, 'must be 43-128 unreserved characters');

/** The whole login call: the form's fields plus the OAuth 2 / PKCE parameters. */
export const loginRequestSchema = loginFormSchema.shape({
  client_id: yup.string().required(),
  client_secret: yup.string().required(),
  redirect_uri: yup.string().required(),
  state: yup.string().min(8).max(512).required(),
  code_challenge: pkceValue.required(),
  code_challenge_method: yup.string().oneOf(['S256'], 'only S256 is supported').required(),
  response_type: yup.string().oneOf(['code'], 'only the code response type is supported').required(),
});

/** A PKCE code verifier (RFC 7636 section 4.1). */
export const codeVerifierSchema = pkceValue;

/** The forgot-password form: one phone field. */
export const forgotPasswordSchema = yup.object({
  phone: yup
    .string()
    .trim()
    .required('AUTH.VALIDATION.REQUIRED_FIELD')
    .min(3, 'AUTH.VALIDATION.PHONE_MIN')
    .max(50, 'AUTH.VALIDATION.MAX_LENGTH')
    .matches(/^[+\d\s().-]*$/, 'AUTH.VALIDATION.INVALID_PHONE'),
});
