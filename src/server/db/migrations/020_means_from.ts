/**
 * Which campaigns an edition's means are made from (scoring.md, "Means from validated campaigns"):
 * `editions.means_from` is `sent` (every sent campaign counts, the rule until now and the default) or `validated`
 * (only campaigns a reviewer validated count; the others still see their own figures, marked provisional).
 * Every edition keeps `sent`, so every sum, count and figure stays what it was. Changing it rebuilds the edition's
 * territorial sums in the same transaction (territoryScores.ts).
 */
export default /* sql */ `
ALTER TABLE editions
  ADD COLUMN means_from text NOT NULL DEFAULT 'sent' CHECK (means_from IN ('sent', 'validated'));
`;
