import { NO_NOTES } from '../../src/shared/api/campaigns.js';

/**
 * What a sub-indicator of a test's questionnaire asks beyond its answer: nothing ("No aplica" not allowed, no
 * evidence); and nothing put beside the answer (no comment, no evidence, not copied from an earlier edition).
 */
export const ASKS_NOTHING = { allowsNotApplicable: false, evidenceRule: 'none', evidenceCriteria: null, ...NO_NOTES, review: null } as const;
