import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { compileCatalogue } from '../../build/messagesLoader.mjs';
import { LANGUAGES, type Language } from '../../src/shared/constants.js';

/**
 * Every text of the interface spelled by a real dictionary: Debian's hunspell with the language's dictionary
 * (packages hunspell-es, -ca, -gl, -eu, -en-gb: the interface's English is British, en-GB; .ci/run installs them). A word the dictionary does not know fails the
 * test unless it is one of the reviewed product words of i18n/spelling-allowed.txt.
 */
const DICTIONARIES: Record<Language, string> = { es: 'es_ES', en: 'en_GB', ca: 'ca_ES', va: 'ca_ES-valencia', gl: 'gl_ES', eu: 'eu' };

const root = path.resolve(import.meta.dirname, '../..');

/** An ICU syntax tree's node, as formatjs' parser writes it (literal 0, select 5, plural 6, tag 8). */
interface IcuNode {
  type: number;
  value?: string;
  options?: Record<string, { value: IcuNode[] }>;
  children?: IcuNode[];
}

/** The words a message shows: its literal texts, in every plural and select branch; no placeholder, and not what `<code>` holds (names of settings). */
function textsOf(nodes: IcuNode[]): string[] {
  return nodes.flatMap((node) => {
    if (node.type === 0) return [node.value ?? ''];
    // Each branch a phrase of its own: 'día' and 'Quedan' of two branches are two words.
    if (node.type === 5 || node.type === 6) return Object.values(node.options ?? {}).map((option) => ` ${textsOf(option.value).join('')} `);
    if (node.type === 8) return node.value === 'code' ? [' '] : textsOf(node.children ?? []);
    return [' '];
  });
}

/** One line per message: hunspell reads a line at a time, and a line break inside a message would split nothing wrongly. */
function catalogueLines(language: Language): string[] {
  const file = path.join(root, 'i18n', `${language}.json`);
  const trees = JSON.parse(compileCatalogue(fs.readFileSync(file, 'utf8'), file)) as Record<string, IcuNode[]>;
  // The typographic apostrophe as the dictionaries write it ('organisation’s', 'l’entitat').
  return Object.values(trees).map((tree) => textsOf(tree).join('').replace(/’/g, "'").replace(/\s+/g, ' '));
}

/**
 * The reviewed product words of i18n/spelling-allowed.txt: one a line, '#' starts a comment; 'xx: word' is a word of
 * language xx only (a text the specification fixes, a form one dictionary lacks), a bare word one of every language.
 */
function allowedWords(): { language: Language | null; word: string }[] {
  const text = fs.readFileSync(path.join(root, 'i18n', 'spelling-allowed.txt'), 'utf8');
  return text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean)
    .map((line) => {
      const scoped = /^([a-z]{2,3}): (.+)$/.exec(line);
      return scoped ? { language: scoped[1] as Language, word: scoped[2] } : { language: null, word: line };
    });
}

const allowedIn = (language: Language) =>
  new Set(
    allowedWords()
      .filter((entry) => entry.language === null || entry.language === language)
      .map((entry) => entry.word),
  );

/** The words of the lines the dictionary does not know, as hunspell -l lists them, once each. */
function unknownWordsOf(dictionary: string, lines: string[]): string[] {
  const output = execFileSync('hunspell', ['-d', dictionary, '-l', '-i', 'utf-8'], { input: lines.join('\n'), encoding: 'utf8', maxBuffer: 16 << 20 });
  // hunspell keeps a word's final dot or comma in some dictionaries (Galician): a word is what is left without them.
  const words = output.split('\n').map((word) => word.replace(/^[-.,:;']+|[-.,:;']+$/g, ''));
  return [...new Set(words.filter((word) => /\p{L}/u.test(word)))].sort();
}

/** The words of a language's catalogue its dictionary does not know, read once for the tests below (hunspell takes seconds). */
const unknownByLanguage = new Map<Language, string[]>();
function unknownWords(language: Language): string[] {
  if (!unknownByLanguage.has(language)) unknownByLanguage.set(language, unknownWordsOf(DICTIONARIES[language], catalogueLines(language)));
  return unknownByLanguage.get(language)!;
}

const hunspell = (() => {
  try {
    execFileSync('hunspell', ['-v'], { encoding: 'utf8' });
    return true;
  } catch {
    return false;
  }
})();

describe('the spelling of every text of the interface', () => {
  it('has hunspell and a dictionary for every language of the list', () => {
    expect(hunspell ? 'hunspell' : 'hunspell is missing: apt-get install hunspell hunspell-es hunspell-ca hunspell-gl hunspell-eu hunspell-en-gb').toBe(
      'hunspell',
    );
    for (const language of LANGUAGES) {
      expect([language, fs.existsSync(`/usr/share/hunspell/${DICTIONARIES[language]}.dic`)]).toEqual([language, true]);
    }
  });

  it.each(LANGUAGES)('knows every word of %s or lists it as a product word', (language) => {
    if (!hunspell) throw new Error('hunspell is missing (see the test above)');
    const allowed = allowedIn(language);
    const unknown = unknownWords(language).filter((word) => !allowed.has(word));
    expect(unknown).toEqual([]);
  });

  it('lists no product word that no text uses any more', () => {
    if (!hunspell) throw new Error('hunspell is missing (see the test above)');
    const unknown = Object.fromEntries(LANGUAGES.map((language) => [language, new Set(unknownWords(language))]));
    const unused = allowedWords().filter(({ language, word }) => !(language ? [language] : LANGUAGES).some((l) => unknown[l].has(word)));
    expect(unused).toEqual([]);
  });
});
