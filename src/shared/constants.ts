/** Limits and defaults shared by the forms, the sagas and the server. */
export const PASSWORD_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;
export const GENERATED_PASSWORD_LENGTH = 20;
export const TABLE_ROWS_PER_PAGE = 7;
export const ENTITY_NAME_MAX_LENGTH = 200;
/** The population column is a 32-bit integer; no entity comes near it. */
export const POPULATION_MAX = 2_147_483_647;
export const ANSWERS_PER_PAGE = 3;
export const PKCE_METHOD = 'S256';
export const DEFAULT_LANGUAGE = 'es';
export const LANGUAGES = ['es', 'en', 'ca', 'va'] as const;
export type Language = (typeof LANGUAGES)[number];
