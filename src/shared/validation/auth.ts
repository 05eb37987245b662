import * as yup from 'yup';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import { emailField } from './fields.js';

/**
 * The login form's fields. Messages are i18n keys; the client translates them
 * (the password minimum is 1 while its message says 2 symbols, as the specification keeps).
 */
export const loginFormSchema = yup.object({
  email: emailField('AUTH.VALIDATION.INVALID_EMAIL'),
  password: yup
    .string()
    .min(1, 'AUTH.VALIDATION.PASSWORD_MIN')
    .max(PASSWORD_MAX_LENGTH, 'AUTH.VALIDATION.MAX_LENGTH')
    .required('AUTH.VALIDATION.REQUIRED_FIELD'),
});

/**
 * The forgot-password form: the account's e-mail (the spec's phone field did nothing and is gone), with the
 * login form's messages.
 */
export const forgotPasswordSchema = yup.object({
  email: emailField('AUTH.VALIDATION.INVALID_EMAIL'),
});
