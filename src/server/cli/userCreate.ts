import { createUserWithPassword } from '../services/users.js';
import * as yup from 'yup';
import { isRole } from '../../shared/roles.js';
import { parseCliArgs, runCli, UsageError } from './run.js';

const USAGE = 'Usage: npm run user:create -- --email someone@example.org --role ADMIN|FEC|USER [--entity <id> ...]';

// Creates a user (typically the first administrator) and prints its generated password once.
void runCli(async (db) => {
  const { values } = parseCliArgs(
    { options: { email: { type: 'string' }, role: { type: 'string' }, entity: { type: 'string', multiple: true } } },
    USAGE,
  );
  const email = values.email as string | undefined;
  const role = values.role as string | undefined;
  if (!email || !yup.string().email().isValidSync(email) || !role || !isRole(role)) throw new UsageError(USAGE);
  const entityIds = ((values.entity as string[] | undefined) ?? []).map(Number);
  const { password } = await createUserWithPassword(db, { email, role, entityIds }, { actor: 'user:create' });
  console.log(`Created ${role} ${email}. Generated password (shown only now): ${password}`);
});
