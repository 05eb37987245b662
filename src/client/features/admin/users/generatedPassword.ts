import { createContext, useContext } from 'react';
import { useAppSelector } from '../../../app/hooks.js';
import type { SecretBox } from '../../../lib/secretBox.js';

/** The store's box for the generated password on screen, given to the components by App (and the tests). */
export const GeneratedPasswordContext = createContext<SecretBox | null>(null);

/**
 * The generated password the dialog shows and whose it is, or null. The users saga fills the box before it
 * dispatches the event that names the user (state.users.passwordFor), so every render that event causes
 * finds the password here; an event replayed from DevTools finds the box empty and shows nothing.
 */
export function useGeneratedPassword(): { email: string; password: string } | null {
  const box = useContext(GeneratedPasswordContext);
  const email = useAppSelector((state) => state.users.passwordFor);
  if (!box) throw new Error('useGeneratedPassword needs a GeneratedPasswordContext provider');
  const password = box.read();
  return email !== null && password !== null ? { email, password } : null;
}
