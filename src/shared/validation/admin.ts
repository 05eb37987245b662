import * as yup from 'yup';
import { EMAIL_MAX_LENGTH, ENTITY_NAME_MAX_LENGTH, POPULATION_MAX } from '../constants.js';
import { ROLES } from '../roles.js';

/**
 * User and entity administration: the creation forms and the calls they send. Messages are i18n keys
 * (spec section 5); the client translates them, the server returns them in a VALIDATION error's data.
 */

const id = yup.number().typeError('must be a number').integer('must be an integer').min(1, 'must be positive').required('is required');

/** Body of users/remove, users/regeneratePassword and entities/remove. */
export const idBodySchema = yup.object({ id });

/** An empty form field ('' or null) counts as missing, so that it gets the required message rather than a type error. */
const emptyAsMissing = (value: unknown, original: unknown) => (original === '' || original === null ? undefined : value);

/**
 * The user form and the users/create body. A USER must belong to at least one entity (its entities are all it
 * sees); ADMIN and FEC see every entity whatever their memberships, so for them entities are optional.
 */
export const userFormSchema = yup.object({
  email: yup
    .string()
    .trim()
    .email('USERS.VALIDATION.INVALID_EMAIL')
    .max(EMAIL_MAX_LENGTH, 'USERS.VALIDATION.INVALID_EMAIL')
    .required('AUTH.VALIDATION.REQUIRED_FIELD'),
  role: yup
    .number()
    .transform(emptyAsMissing)
    .typeError('USERS.VALIDATION.ROLE_REQUIRED')
    .oneOf(Object.values(ROLES), 'USERS.VALIDATION.ROLE_REQUIRED')
    .required('USERS.VALIDATION.ROLE_REQUIRED'),
  entities: yup
    .array()
    .of(id)
    .default([])
    .when('role', {
      is: ROLES.USER,
      then: (schema) => schema.min(1, 'USERS.VALIDATION.ENTITY_REQUIRED'),
    }),
});

/** users/create: the form plus the name the client sends empty. */
export const createUserSchema = userFormSchema.shape({ name: yup.string().trim().max(200).default('') });

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
  .of(yup.string().matches(/^\d{5}$/, 'must be INE municipality codes').required())
  .min(1, 'ENTITIES.VALIDATION.MUNICIPALITY_REQUIRED')
  .required('ENTITIES.VALIDATION.MUNICIPALITY_REQUIRED');

/** The entity form: name, population and municipality codes. */
export const entityFormSchema = yup.object({ name: entityName, population, municipalities });

/** entities/create: { entity: { name, population }, municipalities }. */
export const createEntitySchema = yup.object({
  entity: yup.object({ name: entityName, population }).required(),
  municipalities,
});
