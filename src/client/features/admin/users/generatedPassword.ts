import { useAppSelector } from '../../../app/hooks.js';
import { useSecret } from '../../../lib/secretBox.js';

/**
 * The generated password the dialog shows and whose it is, or null. The users saga fills the box
 * (dependency `generatedPassword`) before it dispatches the event that names the user (state.users.passwordFor).
 */
export function useGeneratedPassword(): { email: string; password: string } | null {
  const email = useAppSelector((state) => state.users.passwordFor);
  const password = useSecret('generatedPassword');
  return email !== null && password !== null ? { email, password } : null;
}
