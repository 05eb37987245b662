/** What a sub-indicator of a test's questionnaire asks beyond its answer: nothing ("No aplica" not allowed, no evidence). */
export const ASKS_NOTHING = { allowsNotApplicable: false, evidenceRule: 'none', evidenceCriteria: null } as const;
