import { receiptText, sha256Hex } from '../../../../src/server/services/campaigns/receipts.js';

describe("a receipt's text", () => {
  it('lists by question id every answer (its responses ascending), "No aplica" and comment, and nothing for a question with none', () => {
    const answers = new Map([
      [30, [9, 4]],
      [10, [2]],
    ]);
    const notes = new Map([
      [20, { comment: null, notApplicable: { reason: 'No tenemos playas' } }],
      [10, { comment: 'Según el acta «nº 7»', notApplicable: null }],
      // Evidence only: not part of the text.
      [40, { comment: null, notApplicable: null }],
    ]);
    const text = receiptText(5, answers, notes);
    expect(text).toBe(
      '{"campaign":5,"answers":[{"question":10,"answer":[2],"notApplicable":null,"comment":"Según el acta «nº 7»"},' +
        '{"question":20,"answer":null,"notApplicable":"No tenemos playas","comment":null},{"question":30,"answer":[4,9],"notApplicable":null,"comment":null}]}',
    );
    // The order the maps were filled in does not change it.
    expect(receiptText(5, new Map([...answers].reverse()), new Map([...notes].reverse()))).toBe(text);
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
