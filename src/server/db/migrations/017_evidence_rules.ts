/**
 * What an edition asks behind each sub-indicator's answer (catalogue/FORMAT.md): whether "No aplica" is allowed
 * (`allows_not_applicable`), whether evidence is none, optional or required (`evidence_rule`) and what it must show
 * (`evidence_criteria`). Editions imported before keep asking nothing: false, 'none' and no criteria.
 */
export default /* sql */ `
ALTER TABLE subindicators
  ADD COLUMN allows_not_applicable boolean NOT NULL DEFAULT false,
  ADD COLUMN evidence_rule text NOT NULL DEFAULT 'none' CHECK (evidence_rule IN ('none', 'optional', 'required')),
  ADD COLUMN evidence_criteria text CHECK (evidence_criteria IS NULL OR (evidence_rule <> 'none' AND length(evidence_criteria) BETWEEN 1 AND 2000));
`;
