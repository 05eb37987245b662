import {
  entityChangeRefusal,
  entitySeesMarks,
  markProblem,
  reviewCallRefusal,
  sendsCorrections,
} from '../../../../src/server/services/campaigns/reviewRules.js';
import { REVIEW_STATUSES } from '../../../../src/shared/api/campaigns.js';

describe('the review state machine', () => {
  it('lets reviewers act only on a campaign awaiting review', () => {
    for (const status of REVIEW_STATUSES.filter((s) => s !== 'pending'))
      for (const call of ['mark', 'requestChanges', 'validate'] as const)
        expect(reviewCallRefusal(call, status, [])?.data).toEqual({ code: 'REVIEW_STATE', reviewStatus: status });
    expect(reviewCallRefusal('mark', 'pending', [])).toBeNull();
    expect(reviewCallRefusal('mark', 'pending', [4])).toBeNull();
  });

  it('asks for corrections only with an answer marked fix, and validates only without one', () => {
    expect(reviewCallRefusal('requestChanges', 'pending', [])?.data).toBe('NOTHING_FLAGGED');
    expect(reviewCallRefusal('requestChanges', 'pending', [7])).toBeNull();
    expect(reviewCallRefusal('validate', 'pending', [3, 7])?.data).toEqual({ code: 'ANSWERS_TO_FIX', questions: [3, 7] });
    expect(reviewCallRefusal('validate', 'pending', [])).toBeNull();
  });

  it('needs a comment to ask for a correction, not to accept an answer', () => {
    expect(markProblem('fix', null)).toBe('is required to ask for a correction');
    expect(markProblem('fix', undefined)).toBe('is required to ask for a correction');
    expect(markProblem('fix', 'Falta el acta')).toBeNull();
    expect(markProblem('ok', null)).toBeNull();
  });

  it('lets the entity change a campaign not sent, and a sent one only in the answers to correct while they are asked', () => {
    for (const status of ['created', 'draft'] as const) expect(entityChangeRefusal({ status, reviewStatus: 'none' }, [], 5)).toBeNull();
    for (const reviewStatus of ['pending', 'validated'] as const) {
      const refusal = entityChangeRefusal({ status: 'sent', reviewStatus }, [5], 5);
      expect(refusal?.message).toBe('The campaign has been submitted and can no longer change');
    }
    const back = { status: 'sent', reviewStatus: 'changesRequested' } as const;
    expect(entityChangeRefusal(back, [5, 9], 5)).toBeNull();
    expect(entityChangeRefusal(back, [5, 9], 6)?.data).toBe('NOT_FLAGGED');
    // The campaign as a whole (sending the corrections).
    expect(entityChangeRefusal(back, [5], undefined)).toBeNull();
    expect(sendsCorrections(back)).toBe(true);
    expect(sendsCorrections({ status: 'sent', reviewStatus: 'pending' })).toBe(false);
    expect(sendsCorrections({ status: 'draft', reviewStatus: 'none' })).toBe(false);
  });

  it("shows the entity the reviewers' marks once corrections are asked or the campaign is validated", () => {
    expect(REVIEW_STATUSES.filter(entitySeesMarks)).toEqual(['changesRequested', 'validated']);
  });
});
