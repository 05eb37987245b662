/**
 * Archived entities: an entity with sent campaigns is archived rather than deleted (its history kept). An archived
 * entity keeps every row it had (campaigns, scores, memberships), so its sent campaigns still count in every
 * territorial sum and report; it is only hidden from the administration lists and pickers and left out of new
 * editions' openings and reminders. `archived_at` is when it was archived, null for every entity written before.
 */
export default /* sql */ `
ALTER TABLE entities ADD COLUMN archived_at timestamptz;
`;
