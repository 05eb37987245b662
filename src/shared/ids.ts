import { ID_MAX } from './constants.js';

/**
 * A database id written as text (an address, a command-line argument): decimal digits with no sign, no leading
 * zero and no spaces, from 1 to ID_MAX; null for anything else.
 */
export function idFromDigits(text: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= ID_MAX ? id : null;
}
