/**
 * A response that excludes the others of its multiple-choice sub-indicator ("Ninguno de los anteriores"): chosen,
 * it is the whole answer. Editions mark such responses with `"exclusive": true` (catalogue/FORMAT.md); the server
 * refuses an answer that joins one to another, and the questionnaire clears the others when it is ticked.
 *
 * Editions imported before could not say so. Their closing options are marked here by their wording, the two forms
 * the demo editions and the format's own advice use ("Ninguno de los anteriores", "Ninguna de las anteriores",
 * worth 0 points, in a multiple-choice sub-indicator), so that running campaigns get the rule too. No answer, score
 * or sum changes: answers already stored that join such a response to others stay as they are, and score as before.
 */
export default /* sql */ `
ALTER TABLE responses ADD COLUMN exclusive boolean NOT NULL DEFAULT false;

UPDATE responses r SET exclusive = true
  FROM subindicators s
 WHERE s.id = r.subindicator_id
   AND s.type = 'multiple'
   AND r.value = 0
   AND lower(btrim(r.text)) IN ('ninguno de los anteriores', 'ninguna de las anteriores');
`;
