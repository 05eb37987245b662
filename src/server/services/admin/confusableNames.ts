import { remove as confusableSkeleton } from 'confusables';
import { foldText } from '../../../shared/text.js';

/** A letter of a script other than Latin (Cyrillic 'А', Greek 'Α'...): what makes a name mixed-script, or wholly foreign. */
const NON_LATIN_LETTER = /(?!\p{Script=Latin})\p{L}/u;

/**
 * A name's skeleton as Unicode's UTS #39 defines it, compared without case, accents or repeated spaces: each
 * character replaced by the one it is confused with (the `confusables` package's table, from Unicode's
 * confusables.txt), so that 'Аyuntamiento' with a Cyrillic А and 'Ayuntamiento' give the same.
 */
export function nameSkeleton(name: string): string {
  return foldText(confusableSkeleton(name.normalize('NFKC')));
}

/**
 * The existing name that a new one would be read as, if any: only a name with letters of a script other than
 * Latin is checked (a Latin name that differs by an accent, 'Alcañiz' beside 'Alcaniz', is another name, and
 * the same name ignoring case and accents is refused by the database already); it is refused when its skeleton
 * is that of an existing name it is not.
 */
export function confusableWith(name: string, existing: Iterable<string>): string | undefined {
  if (!NON_LATIN_LETTER.test(name)) return undefined;
  const skeleton = nameSkeleton(name);
  for (const other of existing) if (other !== name && nameSkeleton(other) === skeleton) return other;
  return undefined;
}
