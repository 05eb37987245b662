import { createIntl } from 'react-intl';
import { INTL_LOCALES } from '../../../../src/client/i18n/messages.js';
import { MESSAGES } from '../../../helpers/messages.js';
import { describeHistoryEntry } from '../../../../src/client/features/campaigns/AnswerChanges.js';
import type { AnswerHistoryEntry, AnswerHistoryValue } from '../../../../src/shared/api/campaigns.js';
import { yesNoQuestion } from '../../../helpers/questions.js';

const intl = (language: 'es' | 'en') => createIntl({ locale: INTL_LOCALES[language], messages: MESSAGES[language] as Record<string, string> });
const sub = yesNoQuestion(4, '¿Dispone de plan?');
const entry = (kind: AnswerHistoryEntry['kind'], value: AnswerHistoryValue): AnswerHistoryEntry => ({
  kind,
  value,
  userEmail: 'marta@ayto.es',
  at: '2026-03-12T09:14:00.000Z',
});

describe("an answer's history in words", () => {
  it.each<[AnswerHistoryEntry['kind'], AnswerHistoryValue, string]>([
    ['answer', [41], 'Respuesta: «Sí»'],
    ['answer', [41, 42], 'Respuesta: «Sí», «No»'],
    // A response the edition no longer has is named by its id rather than dropped.
    ['answer', [99], 'Respuesta: «#99»'],
    ['answer', null, 'Respuesta borrada'],
    ['answer', { answer: [42], prefilled: true }, 'Respuesta: «No» (copiado de la edición anterior)'],
    ['comment', 'Según el acta del pleno', 'Comentario: «Según el acta del pleno»'],
    ['comment', null, 'Comentario borrado'],
    ['comment', { comment: 'Del año pasado', prefilled: true }, 'Comentario: «Del año pasado» (copiado de la edición anterior)'],
    ['notApplicable', { reason: 'No tenemos puerto' }, 'No aplica: «No tenemos puerto»'],
    ['notApplicable', null, 'Ya no marcada como «No aplica»'],
    ['evidenceAdded', { evidenceId: 3, kind: 'link', url: 'https://sede.ayto.es/acta', title: 'Acta del pleno' }, 'Evidencia añadida: Acta del pleno'],
    ['evidenceAdded', { evidenceId: 4, kind: 'link', url: 'https://sede.ayto.es/acta' }, 'Evidencia añadida: https://sede.ayto.es/acta'],
    ['evidenceRemoved', { evidenceId: 5, kind: 'file', fileName: 'plan.pdf' }, 'Evidencia quitada: plan.pdf'],
  ])('says a %s change of %j as «%s»', (kind, value, said) => {
    expect(describeHistoryEntry(intl('es'), sub, entry(kind, value))).toBe(said);
  });

  it('speaks the user’s language', () => {
    expect(describeHistoryEntry(intl('en'), sub, entry('answer', null))).toBe('Answer cleared');
    expect(describeHistoryEntry(intl('en'), sub, entry('comment', 'Minutes'))).toBe('Comment: “Minutes”');
  });
});
