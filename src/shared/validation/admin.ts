import * as yup from 'yup';
import { ENTITY_NAME_MAX_LENGTH, POPULATION_MAX } from '../constants.js';
import { emailField } from './fields.js';
import { ROLES } from '../roles.js';

/**
 * User and entity administration forms: what the screens check before sending (a courtesy; the server checks
 * every call against its schema in src/shared/api and its rules in services). Messages are i18n keys (spec section 5).
 */

/** An empty form field ('' or null) counts as missing, so that it gets the required message rather than a type error. */
const emptyAsMissing = (value: unknown, original: unknown) => (original === '' || original === null ? undefined : value);

/**
 * The user form (the server's own check is in services/admin/users.ts). A USER must belong to at least one entity (its entities are all it
 * sees); ADMIN and FEC see every entity whatever their memberships, so for them entities are optional.
 */
export const userFormSchema = yup.object({
  email: emailField('USERS.VALIDATION.INVALID_EMAIL'),
  role: yup
    .number()
    .transform(emptyAsMissing)
    .typeError('USERS.VALIDATION.ROLE_REQUIRED')
    .oneOf(Object.values(ROLES), 'USERS.VALIDATION.ROLE_REQUIRED')
    .required('USERS.VALIDATION.ROLE_REQUIRED'),
  entities: yup
    .array()
    .of(yup.number().required())
    .default([])
    .when('role', {
      is: ROLES.USER,
      then: (schema) => schema.min(1, 'USERS.VALIDATION.ENTITY_REQUIRED'),
    }),
});

const entityName = yup.string().trim().max(ENTITY_NAME_MAX_LENGTH, 'ENTITIES.VALIDATION.NAME_TOO_LONG').required('AUTH.VALIDATION.REQUIRED_FIELD');
const population = yup
  .number()
  .transform(emptyAsMissing)
  .typeError('ENTITIES.VALIDATION.NOT_A_NUMBER')
  .required('AUTH.VALIDATION.REQUIRED_FIELD')
  .integer('ENTITIES.VALIDATION.POPULATION_INTEGER')
  .min(1, 'ENTITIES.VALIDATION.POPULATION_MIN')
  .max(POPULATION_MAX, 'ENTITIES.VALIDATION.POPULATION_MAX');
const municipalities = yup
  .array()
  .of(
    yup
      .string()
      .matches(/^\d{5}$/, 'must be INE municipality codes')
      .required(),
  )
  .min(1, 'ENTITIES.VALIDATION.MUNICIPALITY_REQUIRED')
  .required('ENTITIES.VALIDATION.MUNICIPALITY_REQUIRED');

/** The entity form: name, population and municipality codes. */
export const entityFormSchema = yup.object({ name: entityName, population, municipalities });
