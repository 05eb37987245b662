import * as yup from 'yup';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../constants.js';

/** A required e-mail field of the shared pattern and length; `invalid` is the form's message id for a malformed one. */
export const emailField = (invalid: string) =>
  yup.string().trim().matches(new RegExp(EMAIL_PATTERN), invalid).max(EMAIL_MAX_LENGTH, invalid).required('AUTH.VALIDATION.REQUIRED_FIELD');
