import { LANGUAGES, QUESTIONS_LANGUAGE, type Language } from './constants.js';

/**
 * An edition's texts in the reader's language. An edition is written in Spanish (QUESTIONS_LANGUAGE); each text may
 * carry translations into the other interface languages (catalogue/FORMAT.md, 'Translations'). Where a node has a
 * translation, its `translations` holds it by language and then by the field it stands for, named as the node names
 * that field: `{ ca: { text: '…', evidenceCriteria: '…' } }` on a question, `{ ca: { axisText: '…' } }` on an
 * indicator as the questionnaire lists it. A missing translation falls back: Valencian to Catalan, then to Spanish.
 */

/** The languages an edition's texts may be translated into: every interface language but the one it is written in. */
export type TranslationLanguage = Exclude<Language, 'es'>;
export const TRANSLATION_LANGUAGES: readonly TranslationLanguage[] = LANGUAGES.filter((l): l is TranslationLanguage => l !== QUESTIONS_LANGUAGE);

/** A node's translations: language, then field, then the text. */
export type Translations = Partial<Record<TranslationLanguage, Record<string, string>>>;

/** Where a language's missing translation is looked for next, before Spanish. */
const FALLBACK: Partial<Record<Language, TranslationLanguage>> = { va: 'ca' };

/** The languages whose translation a reader of `language` reads, in order (none for Spanish). */
export function readingOrder(language: Language): TranslationLanguage[] {
  const order: TranslationLanguage[] = [];
  for (let l: Language | undefined = language; l && l !== QUESTIONS_LANGUAGE; l = FALLBACK[l]) order.push(l as TranslationLanguage);
  return order;
}

/** One field of a node in the reader's language: its translation, the fallback's, or the Spanish `base`. */
export function translated(base: string, translations: Translations | undefined, field: string, language: Language): string {
  for (const l of readingOrder(language)) {
    const text = translations?.[l]?.[field];
    if (text) return text;
  }
  return base;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Each payload object already read in a language: payloads are immutable (the client's store freezes them). */
const localized = new WeakMap<object, Map<Language, unknown>>();

/**
 * A payload with every node that carries translations read in `language`: each translated field replaced, and
 * `translations` itself dropped. What has no translations is returned as it is (the same object), and an object read
 * once in a language is the same result the next time, so a selector that localizes keeps its results' identity (a
 * changed answer re-renders its question, not the questionnaire).
 */
export function localize<T>(value: T, language: Language): T {
  if (typeof value !== 'object' || value === null) return value;
  const known = localized.get(value)?.get(language);
  if (known !== undefined) return known as T;
  const result = localizeNow(value, language);
  if (!localized.has(value)) localized.set(value, new Map());
  localized.get(value)!.set(language, result);
  return result;
}

function localizeNow<T>(value: T, language: Language): T {
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item: unknown) => {
      const local = localize(item, language);
      if (local !== item) changed = true;
      return local;
    });
    return (changed ? items : value) as T;
  }
  if (!isObject(value)) return value;
  let out: Record<string, unknown> | undefined;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'translations') {
      out ??= { ...value };
      delete out.translations;
      continue;
    }
    const local = localize(child, language);
    if (local !== child) (out ??= { ...value })[key] = local;
  }
  if (isObject(value.translations)) {
    const translations = value.translations as Translations;
    for (const l of [...readingOrder(language)].reverse())
      // A field's translation is a text, or a whole map of texts (a report's table of names by id, in that language).
      for (const [field, text] of Object.entries(translations[l] ?? {})) if ((typeof text === 'string' && text !== '') || isObject(text)) out![field] = text;
  }
  return (out ?? value) as T;
}

/** Whether every text of a payload reads in `language` without falling back to Spanish (always for Spanish). */
export function fullyTranslated(value: unknown, language: Language, fields: readonly string[]): boolean {
  const order = readingOrder(language);
  if (order.length === 0) return true;
  if (Array.isArray(value)) return value.every((item) => fullyTranslated(item, language, fields));
  if (!isObject(value)) return true;
  const translations = (isObject(value.translations) ? value.translations : {}) as Translations;
  for (const field of fields) {
    if (typeof value[field] !== 'string' || value[field] === '') continue;
    if (!order.some((l) => translations[l]?.[field])) return false;
  }
  return Object.entries(value).every(([key, child]) => key === 'translations' || fullyTranslated(child, language, fields));
}

/**
 * Something built of nodes' names (a table of names by id, a list of names) in each language some of the nodes are
 * translated into, whole: a node without a translation keeps its Spanish, and Valencian reads Catalan's, so that the
 * client reads it in its language as any other node (localize). Undefined when no node is translated.
 */
export function wholeInEachLanguage<N extends { text: string; translations?: Translations }, T>(
  nodes: readonly N[],
  build: (nameOf: (node: N) => string) => T,
): Partial<Record<TranslationLanguage, T>> | undefined {
  const languages = TRANSLATION_LANGUAGES.filter((language) => nodes.some((n) => translated(n.text, n.translations, 'text', language) !== n.text));
  if (languages.length === 0) return undefined;
  return Object.fromEntries(languages.map((language) => [language, build((n) => translated(n.text, n.translations, 'text', language))]));
}

/**
 * Translations of several nodes gathered onto the one node that shows their texts, each field under the name it
 * shows it by: `[[axis.translations, { text: 'axisText' }], …]` of an indicator as the questionnaire lists it. Absent
 * (an empty object to spread) when there is nothing, so a payload without translations is as it was.
 */
export function gatheredTranslations(...parts: [Translations | undefined, Record<string, string>][]): { translations?: Translations } {
  const out: Record<string, Record<string, string>> = {};
  for (const [translations, names] of parts)
    for (const [language, fields] of Object.entries(translations ?? {}))
      for (const [field, text] of Object.entries(fields ?? {})) if (names[field]) (out[language] ??= {})[names[field]] = text;
  return Object.keys(out).length > 0 ? { translations: out as Translations } : {};
}
