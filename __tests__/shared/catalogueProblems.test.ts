import { CATALOGUE_LEVELS, CATALOGUE_PROBLEM_CODES, placeText, problemText, type FormatMessage } from '../../src/shared/catalogueProblems.js';
import { LANGUAGES, type Language } from '../../src/shared/constants.js';
import { catalogueOf, intlOf } from '../../src/server/i18n.js';

/** A language's words as the interface formats them; a missing message would be its id, so it throws instead. */
const wordsOf =
  (language: Language): FormatMessage =>
  (id, values) => {
    if (!(id in catalogueOf(language))) throw new Error(`${language} has no ${id}`);
    return intlOf(language).formatMessage({ id }, values);
  };

/** Values for every placeholder a problem's message may name. */
const SAMPLE = { field: 'value', level: 'measure', item: 'E1.P1.M1', expected: 'array', min: 0, max: 100, year: '2027', depth: 40, line: 3, column: 12 };

describe("a catalogue's problems in the reader's language", () => {
  it.each(LANGUAGES)('words every problem and level in %s, with its values and nothing left in braces', (language) => {
    const words = wordsOf(language);
    for (const code of CATALOGUE_PROBLEM_CODES) {
      const text = problemText(
        words,
        code,
        { ...SAMPLE, values: 20000, list: 1000, count: 3, reason: 'ENOENT', sheet: 'Cuestionario', options: 'Sí, No' },
        'fallback',
      );
      expect([code, text]).not.toEqual([code, 'fallback']);
      expect([code, /[{}]/.test(text)]).toEqual([code, false]);
    }
    for (const level of CATALOGUE_LEVELS) expect(words(`CATALOGUE.LEVEL.${level}`)).not.toBe('');
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('names every level in its own words in %s where a message names one', (language) => {
    const words = wordsOf(language);
    for (const level of CATALOGUE_LEVELS) {
      // The select's 'other' branch repeats the level's id: a level missing from the select would show it.
      expect([level, problemText(words, 'CODE_REPEATED', { level, item: 'X' }, '')]).not.toEqual([level, expect.stringContaining(level)]);
    }
    for (const level of CATALOGUE_LEVELS.filter((l) => l !== 'competence')) {
      expect([level, problemText(words, 'LIST_EMPTY', { level }, '')]).not.toEqual([level, problemText(words, 'LIST_EMPTY', { level: 'unknown' }, '')]);
    }
  });

  it('keeps a code it does not know in the words the server sent, and names a place by codes and positions', () => {
    expect(problemText(wordsOf('ca'), 'SOMETHING_NEW', {}, 'Texto del servidor')).toBe('Texto del servidor');
    expect(problemText(wordsOf('ca'), 'TOO_LONG', { max: 2000 }, '')).toBe('no pot passar de 2000 caràcters');
    const where = [{ level: 'measure', code: 'E1.P1.M2' }, { level: 'response', position: 3 }, { field: 'value' }] as const;
    expect(placeText(wordsOf('es'), where)).toBe('medida E1.P1.M2 › respuesta n.º 3 › value');
    expect(placeText(wordsOf('en'), where)).toBe('measure E1.P1.M2 › response no. 3 › value');
    expect(placeText(wordsOf('eu'), where)).toBe('neurria E1.P1.M2 › 3. erantzuna › value');
  });
});
