import { createUserWithPassword } from '../services/admin/users.js';
import { isRole } from '../../shared/roles.js';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../shared/constants.js';
import { idFromDigits } from '../../shared/ids.js';
import { parseCliArgs, runCli, UsageError } from './run.js';

const USAGE = 'Usage: npm run user:create -- --email someone@example.org --role ADMIN|FEC|USER [--entity <id> ...]';

// Creates a user (typically the first administrator) and prints its generated password once.
void runCli(async (db) => {
  const { values } = parseCliArgs({ options: { email: { type: 'string' }, role: { type: 'string' }, entity: { type: 'string', multiple: true } } }, USAGE);
  const email = values.email as string | undefined;
  const role = values.role as string | undefined;
  const entities = (values.entity as string[] | undefined) ?? [];
  const validEmail = email !== undefined && email.length <= EMAIL_MAX_LENGTH && new RegExp(EMAIL_PATTERN).test(email);
  const entityIds = entities.map(idFromDigits).filter((id) => id !== null);
  if (!email || !validEmail || !role || !isRole(role) || entityIds.length !== entities.length) throw new UsageError(USAGE);
  const { password } = await createUserWithPassword(db, { email, role, entityIds }, { actor: 'user:create' });
  console.log(`Created ${role} ${email}. Generated password (shown only now): ${password}`);
  console.log("It is temporary: the first sign-in asks for a new password of the user's own (12 or more characters, not easily guessed).");
});
