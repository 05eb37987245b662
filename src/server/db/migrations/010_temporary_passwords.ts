/**
 * Temporary passwords. A password an administrator generated (user creation, 'Regenerar contraseña',
 * `npm run user:create`) is temporary: its user must set one of their own before any other call. Users written
 * before this version keep theirs as they are (not temporary). `password_changed_at` is when the password last
 * changed, by the user or by an administrator; null for the passwords set before this version.
 */
export default /* sql */ `
ALTER TABLE users ADD COLUMN password_temporary boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN password_changed_at timestamptz;
`;
