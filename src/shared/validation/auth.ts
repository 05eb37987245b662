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
