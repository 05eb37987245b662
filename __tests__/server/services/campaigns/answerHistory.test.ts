import { contentAfterSave, evidenceChange, planSave, sortedAnswer, staleAnswer } from '../../../../src/server/services/campaigns/answerHistory.js';

const stored = { answer: [12] as number[] | null, comment: 'Aprobado en pleno' as string | null, notApplicableReason: null as string | null, prefilled: false };

describe('what a save leaves', () => {
  it('replaces the answer, keeps a comment left out and removes one sent as null', () => {
    expect(contentAfterSave(stored, { answer: [13] })).toEqual({ answer: [13], comment: 'Aprobado en pleno', notApplicableReason: null });
    expect(contentAfterSave(stored, { answer: [13], comment: null })).toEqual({ answer: [13], comment: null, notApplicableReason: null });
    expect(contentAfterSave(stored, { answer: null, comment: 'Otro' })).toEqual({ answer: null, comment: 'Otro', notApplicableReason: null });
  });

  it('gives "No aplica" when sent, takes it back with null, and drops it for an answer given; an answer cleared keeps it', () => {
    const notApplicable = { ...stored, answer: null, notApplicableReason: 'Sin costa' };
    expect(contentAfterSave(stored, { answer: null, notApplicable: { reason: 'Sin playas' } }).notApplicableReason).toBe('Sin playas');
    expect(contentAfterSave(notApplicable, { answer: null, notApplicable: null }).notApplicableReason).toBeNull();
    expect(contentAfterSave(notApplicable, { answer: [12] }).notApplicableReason).toBeNull();
    expect(contentAfterSave(notApplicable, { answer: null }).notApplicableReason).toBe('Sin costa');
  });
});

describe('what a save records', () => {
  it('records one row per thing changed, in the order answer, comment, "No aplica"', () => {
    expect(planSave(stored, { answer: [13], comment: 'Otro', notApplicableReason: null })).toEqual({
      writeAnswer: true,
      writeNotes: true,
      history: [
        { kind: 'answer', value: [13] },
        { kind: 'comment', value: 'Otro' },
      ],
    });
    expect(planSave(stored, { answer: null, comment: null, notApplicableReason: 'Sin costa' }).history).toEqual([
      { kind: 'answer', value: null },
      { kind: 'comment', value: null },
      { kind: 'notApplicable', value: { reason: 'Sin costa' } },
    ]);
    expect(
      planSave({ ...stored, answer: null, notApplicableReason: 'Sin costa' }, { answer: [12], comment: 'Aprobado en pleno', notApplicableReason: null })
        .history,
    ).toEqual([
      { kind: 'answer', value: [12] },
      { kind: 'notApplicable', value: null },
    ]);
  });

  it('records nothing and writes nothing for a save that changes nothing', () => {
    expect(planSave(stored, { answer: [12], comment: 'Aprobado en pleno', notApplicableReason: null })).toEqual({
      writeAnswer: false,
      writeNotes: false,
      history: [],
    });
    const empty = { answer: null, comment: null, notApplicableReason: null, prefilled: false };
    expect(planSave(empty, { answer: null, comment: null, notApplicableReason: null })).toEqual({ writeAnswer: false, writeNotes: false, history: [] });
  });

  it('compares answers as sets of responses, recording them in increasing order, but stores a new order as chosen', () => {
    const multiple = { ...stored, answer: [23, 21] };
    expect(planSave(multiple, { answer: [21, 23], comment: 'Aprobado en pleno', notApplicableReason: null })).toEqual({
      writeAnswer: true,
      writeNotes: false,
      history: [],
    });
    expect(planSave(multiple, { answer: [23, 22, 21], comment: 'Aprobado en pleno', notApplicableReason: null }).history).toEqual([
      { kind: 'answer', value: [21, 22, 23] },
    ]);
    expect(sortedAnswer([10, 9, 100])).toEqual([9, 10, 100]);
    expect(sortedAnswer(null)).toBeNull();
  });

  it('records a copied answer saved as it is (its confirmation), and writes the notes that say it is confirmed', () => {
    expect(planSave({ ...stored, prefilled: true }, { answer: [12], comment: 'Aprobado en pleno', notApplicableReason: null })).toEqual({
      writeAnswer: false,
      writeNotes: true,
      history: [{ kind: 'answer', value: [12] }],
    });
  });
});

describe('a stale save', () => {
  it('is told the answer as it is, its version, and who made that version and when', () => {
    const at = '2026-03-02T09:15:00.000Z';
    expect(
      staleAnswer({ answer: [12], comment: 'Nota', notApplicableReason: null, prefilled: false, version: 41, versionChange: { userEmail: 'ana@ayto.es', at } }),
    ).toEqual({ code: 'STALE_ANSWER', current: { answer: [12], comment: 'Nota', notApplicable: null, version: 41, userEmail: 'ana@ayto.es', at } });
    expect(staleAnswer({ answer: null, comment: null, notApplicableReason: 'Sin costa', prefilled: false, version: 0, versionChange: null })).toEqual({
      code: 'STALE_ANSWER',
      current: { answer: null, comment: null, notApplicable: { reason: 'Sin costa' }, version: 0, userEmail: null, at: null },
    });
  });
});

describe('an item of evidence in the history', () => {
  it('names the item, its kind and its link or file, leaving out what it does not have', () => {
    expect(evidenceChange({ id: 7, kind: 'link', url: 'https://ayto.example/acta', title: null, fileName: null })).toEqual({
      evidenceId: 7,
      kind: 'link',
      url: 'https://ayto.example/acta',
    });
    expect(evidenceChange({ id: 8, kind: 'link', url: 'https://ayto.example/plan', title: 'Plan ñ' })).toEqual({
      evidenceId: 8,
      kind: 'link',
      url: 'https://ayto.example/plan',
      title: 'Plan ñ',
    });
    expect(evidenceChange({ id: 9, kind: 'file', fileName: 'Acta € 2026.pdf' })).toEqual({ evidenceId: 9, kind: 'file', fileName: 'Acta € 2026.pdf' });
  });
});
