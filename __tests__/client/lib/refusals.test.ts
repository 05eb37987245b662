import { failureToast } from '../../../src/client/app/apiCall.js';
import { ApiError } from '../../../src/client/api/ApiError.js';
import { MESSAGES } from '../../helpers/messages.js';
import { isEditionFinal, refusalCode } from '../../../src/client/lib/refusals.js';
import type { RequestError } from '../../../src/client/lib/remote.js';
import { objectionErrorToast } from '../../../src/client/features/objections/objectionsSaga.js';
import { reviewErrorToast } from '../../../src/client/features/review/reviewSaga.js';
import { answerErrorToast, changeErrorToast } from '../../../src/client/features/campaignCycle/campaignCycleSelectors.js';
import { createErrorToast } from '../../../src/client/features/campaigns/campaignsSelectors.js';
import { mailErrorToast } from '../../../src/client/features/editionOpening/editionOpeningSelectors.js';
import { meansFailureToast, publishFailureToast, publishFinalFailureToast } from '../../../src/client/features/admin/editions/editionsSelectors.js';

const error = (type: ApiError['type'], status: number, data?: unknown): RequestError => new ApiError(type, status, data).toJSON();
/** The 409 every change to an edition whose results are final meets. */
const editionFinal = error('CONFLICT', 409, { code: 'EDITION_FINAL', campaignNumber: 2025 });

describe("a refused call's code", () => {
  it('is the data when the data is the code, else its code', () => {
    expect(refusalCode(error('CONFLICT', 409, 'NOTHING_FLAGGED'))).toBe('NOTHING_FLAGGED');
    expect(refusalCode(editionFinal)).toBe('EDITION_FINAL');
    expect(refusalCode(error('CONFLICT', 409, { year: 2027 }))).toBeUndefined();
    expect(refusalCode(error('INTERNAL', 500))).toBeUndefined();
  });

  it('says an edition is final only for a 409 EDITION_FINAL', () => {
    expect(isEditionFinal(editionFinal)).toBe(true);
    expect(isEditionFinal(error('CONFLICT', 409, 'EDITION_FINAL'))).toBe(true);
    expect(isEditionFinal(error('VALIDATION', 422, { code: 'EDITION_FINAL' }))).toBe(false);
    expect(isEditionFinal(error('CONFLICT', 409, { code: 'FINAL_BLOCKED' }))).toBe(false);
    expect(isEditionFinal(null)).toBe(false);
  });
});

describe('a change refused because the edition is final', () => {
  const toasts: [string, (e: RequestError) => string | null][] = [
    ['an objection or its decision', objectionErrorToast],
    ["a review's mark or decision", reviewErrorToast],
    ['an answer, its evidence, a submission or a copy', answerErrorToast('CAMPAIGNS.TOAST.SAVE_ERROR')],
    ['a deadline, an extension or a reopening', changeErrorToast],
    ["a campaign's creation", createErrorToast],
    ["an edition's opening", mailErrorToast],
    ["an edition's means", meansFailureToast],
    ['the provisional publication', publishFailureToast],
    ['the final publication', publishFinalFailureToast],
  ];

  it.each(toasts)('says so in Spanish, whatever the call: %s', (_what, toast) => {
    const id = failureToast(toast, editionFinal);
    expect(id).toBe('EDITIONS.FINAL.REFUSED');
    expect(MESSAGES.es[id as keyof typeof MESSAGES.es]).toBe('La edición tiene resultados definitivos: ya no admite cambios.');
  });

  it("keeps each call's other refusals as they were", () => {
    expect(objectionErrorToast(error('CONFLICT', 409, { code: 'OBJECTIONS_CLOSED' }))).toBe('OBJECTIONS.TOAST.CLOSED');
    expect(reviewErrorToast(error('CONFLICT', 409, 'NOTHING_FLAGGED'))).toBe('REVIEW.TOAST.NOTHING_FLAGGED');
    expect(answerErrorToast('CAMPAIGNS.TOAST.SAVE_ERROR')(error('CONFLICT', 409, 'EDITION_CLOSED'))).toBe('DEADLINE.TOAST.CLOSED');
    expect(changeErrorToast(error('CONFLICT', 409, 'CAMPAIGN_NOT_SENT'))).toBe('REOPEN.TOAST.NOT_SENT');
    expect(createErrorToast(error('CONFLICT', 409, 'CAMPAIGN_EXISTS'))).toBe('CAMPAIGNS.TOAST.CAMPAIGN_EXISTS');
    expect(mailErrorToast(error('CONFLICT', 409, 'SMTP_NOT_CONFIGURED'))).toBe('OPENING.TOAST.SMTP_NOT_CONFIGURED');
    expect(meansFailureToast(error('FORBIDDEN', 403))).toBe('EDITIONS.TOAST.MEANS_FORBIDDEN');
  });
});

describe("the final publication's toast", () => {
  it('is none while something is still open (the dialog lists it), else why it failed', () => {
    const blocked = {
      code: 'FINAL_BLOCKED',
      provisionalPublished: true,
      objectionsUntil: null,
      objectionsPeriodOpen: false,
      notValidated: [],
      openObjections: [],
    };
    expect(publishFinalFailureToast(error('CONFLICT', 409, blocked))).toBeNull();
    expect(publishFinalFailureToast(error('FORBIDDEN', 403))).toBe('EDITIONS.TOAST.PUBLISH_FORBIDDEN');
    expect(publishFinalFailureToast(error('UNAVAILABLE', 503))).toBe('EDITIONS.TOAST.FINAL_ERROR');
  });
});
