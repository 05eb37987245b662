/**
 * The interface languages as a table, so that the list in src/shared/constants.ts (LANGUAGES) is the only one: each
 * start adds whatever language the list has and the table lacks (reference/load.ts, loadLanguages), and a user's
 * language must be one of them (a foreign key instead of the fixed CHECK of migration 009). The four languages of
 * the time are written here too, so the migration stands on its own.
 */
export default /* sql */ `
CREATE TABLE languages (code text PRIMARY KEY CHECK (code ~ '^[a-z]{2,3}$'));
INSERT INTO languages (code) VALUES ('es'), ('en'), ('ca'), ('va');
ALTER TABLE users DROP CONSTRAINT users_language_check;
ALTER TABLE users ADD CONSTRAINT users_language_fkey FOREIGN KEY (language) REFERENCES languages (code);
`;
