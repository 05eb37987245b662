/**
 * An entity's sent campaigns, found by key: the comparison's previous campaign and the trend's campaigns (the place
 * statements of comparisonQueries.ts and trendQueries.ts, a kept report's only statement) ask for an entity's sent
 * campaigns on every read. Without statistics (a PGlite database is never analyzed; a PostgreSQL one until autovacuum
 * has run) the planner met that condition by crossing the (entity, edition) key with every sent campaign's entry of
 * campaigns_sent_review_idx, a read that grew with the number of entities (5,454 entries a read at 2,727 entities).
 * With this index it reads the entity's own entries alone, as it did with statistics. An index only: every row kept.
 */
export default /* sql */ `
CREATE INDEX campaigns_entity_sent_idx ON campaigns (entity_id, edition_id) WHERE status = 'sent';
`;
