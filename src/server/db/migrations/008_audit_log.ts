/**
 * The activity log page (ADMIN: 'Registro de actividad') reads audit_log newest first, in keyset pages by
 * (at, id), filtered by actor, entity, action and a date range.
 *
 * - entity_id is the entity a row concerns (a campaign's, a share link's, the entity's own), so that a filter by
 *   entity is an index scan instead of a look into details. No foreign key: the history of a removed entity stays.
 *   Rows already written get it from their details (campaign rows), their campaign, or their target (entity rows).
 * - One index per filter, each ending in (at, id) so that a page is read in order and stops at its limit.
 */
export default /* sql */ `
ALTER TABLE audit_log ADD COLUMN entity_id integer;

UPDATE audit_log SET entity_id = (details->>'entityId')::integer
 WHERE target_type = 'campaign' AND details->>'entityId' ~ '^[0-9]{1,9}$';
UPDATE audit_log a SET entity_id = c.entity_id FROM campaigns c
 WHERE a.entity_id IS NULL AND a.target_type = 'campaign' AND a.target_id = c.id::text;
UPDATE audit_log SET entity_id = target_id::integer
 WHERE target_type = 'entity' AND target_id ~ '^[0-9]{1,9}$';

DROP INDEX audit_log_at_idx;
CREATE INDEX audit_log_at_id_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at DESC, id DESC) WHERE actor_id IS NOT NULL;
CREATE INDEX audit_log_entity_idx ON audit_log (entity_id, at DESC, id DESC) WHERE entity_id IS NOT NULL;
CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC, id DESC);
`;
