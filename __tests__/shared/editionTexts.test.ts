import { fullyTranslated, localize, readingOrder, translated } from '../../src/shared/editionTexts.js';
import { LANGUAGES } from '../../src/shared/constants.js';

const question = {
  id: 7,
  text: '¿Tiene la entidad un plan?',
  translations: { ca: { text: "Té l'entitat un pla?", evidenceCriteria: 'El pla aprovat.' }, en: { text: 'Does the entity have a plan?' } },
  evidenceCriteria: 'El plan aprobado.',
  responses: [
    { id: 1, text: 'Sí', translations: { ca: { text: 'Sí' }, en: { text: 'Yes' } } },
    { id: 2, text: 'No' },
  ],
};

describe("an edition's texts in the reader's language", () => {
  it('reads Valencian from Catalan and every other language from Spanish when a translation is missing', () => {
    expect(readingOrder('es')).toEqual([]);
    expect(readingOrder('va')).toEqual(['va', 'ca']);
    expect(readingOrder('gl')).toEqual(['gl']);
    expect(translated(question.text, question.translations, 'text', 'va')).toBe("Té l'entitat un pla?");
    expect(translated(question.text, question.translations, 'text', 'gl')).toBe('¿Tiene la entidad un plan?');
    expect(translated(question.text, { va: { text: 'Té la entitat un pla?' }, ca: { text: 'x' } }, 'text', 'va')).toBe('Té la entitat un pla?');
    expect(translated(question.text, undefined, 'text', 'en')).toBe(question.text);
  });

  it('localizes a whole payload: each translated field replaced, translations dropped, the rest untouched', () => {
    expect(localize(question, 'en')).toEqual({
      id: 7,
      text: 'Does the entity have a plan?',
      evidenceCriteria: 'El plan aprobado.',
      responses: [
        { id: 1, text: 'Yes' },
        { id: 2, text: 'No' },
      ],
    });
    expect(localize([question], 'va')[0]).toMatchObject({ text: "Té l'entitat un pla?", evidenceCriteria: 'El pla aprovat.' });
    expect(localize(question, 'es')).toEqual(localize(question, 'eu'));
    expect(localize(question, 'es')).not.toHaveProperty('translations');
    // What carries no translations is the same object (a selector keeps its result).
    const plain = { indicators: [{ id: 1, text: 'a', subindicators: [{ id: 2, text: 'b' }] }] };
    expect(localize(plain, 'ca')).toBe(plain);
    // The original is not changed.
    expect(question.text).toBe('¿Tiene la entidad un plan?');
  });

  it('says whether every text reads in a language without falling back to Spanish', () => {
    const fields = ['text', 'evidenceCriteria'];
    expect(fullyTranslated([question], 'es', fields)).toBe(true);
    // The second response has no Catalan.
    expect(fullyTranslated([question], 'ca', fields)).toBe(false);
    const complete = { ...question, responses: [question.responses[0]] };
    expect(fullyTranslated(complete, 'ca', fields)).toBe(true);
    expect(fullyTranslated(complete, 'va', fields)).toBe(true);
    // English lacks the criteria.
    expect(fullyTranslated(complete, 'en', fields)).toBe(false);
    for (const language of LANGUAGES) expect(fullyTranslated({ text: '' }, language, fields)).toBe(true);
  });
});
