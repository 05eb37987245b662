/**
 * Versions of what a sent campaign's reports are computed from besides the campaign itself (which no longer
 * changes once sent): its edition's territorial sums (territory_scores) and the entities registered per
 * territory (territory_entities, shared by every edition). Triggers on those two tables give a version a new
 * value in the same transaction as every statement that writes them, whichever code path or instance runs it,
 * so that an instance caching a report (services/reportCache.ts) can tell with one read whether it is current.
 *
 * A version is a random uuid, never reused, so a value identifies one state even across databases (a restore,
 * a test database recreated under a running server). Concurrent writers of one version serialise on its row,
 * so versions change in commit order. Every path takes these row locks last: territory_entities, then its
 * version; territory_scores, then its editions' versions in id order. Registered counts have their own version
 * because giving every edition a new one from the entities trigger would lock editions' versions before an
 * entity removal rebuilds territory_scores, the opposite order of a submission (a deadlock).
 */
export default /* sql */ `
-- An edition without a row has had no territorial sums written since this migration: version 'initial'.
CREATE TABLE edition_figures_versions (
  edition_id integer PRIMARY KEY REFERENCES editions(id) ON DELETE CASCADE,
  version    uuid NOT NULL
);

CREATE TABLE registered_entities_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version   uuid NOT NULL
);
INSERT INTO registered_entities_version (version) VALUES (gen_random_uuid());

CREATE FUNCTION renew_edition_figures_versions(edition_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO edition_figures_versions (edition_id, version)
  SELECT ed.id, gen_random_uuid() FROM editions ed WHERE ed.id = ANY(edition_ids) ORDER BY ed.id
  ON CONFLICT (edition_id) DO UPDATE SET version = EXCLUDED.version;
$$;

CREATE FUNCTION territory_scores_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM renew_edition_figures_versions(ARRAY(SELECT edition_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM renew_edition_figures_versions(ARRAY(SELECT edition_id FROM old_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM renew_edition_figures_versions(ARRAY(SELECT edition_id FROM old_rows UNION SELECT edition_id FROM new_rows));
  ELSE
    PERFORM renew_edition_figures_versions(ARRAY(SELECT id FROM editions));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER territory_scores_versioned_on_insert AFTER INSERT ON territory_scores
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION territory_scores_changed();
CREATE TRIGGER territory_scores_versioned_on_update AFTER UPDATE ON territory_scores
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION territory_scores_changed();
CREATE TRIGGER territory_scores_versioned_on_delete AFTER DELETE ON territory_scores
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION territory_scores_changed();
CREATE TRIGGER territory_scores_versioned_on_truncate AFTER TRUNCATE ON territory_scores
  FOR EACH STATEMENT EXECUTE FUNCTION territory_scores_changed();

-- Statements that wrote no row (an entity updated without moving) leave the version as it is.
-- Each branch names only the transition table its trigger has.
CREATE FUNCTION territory_entities_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed boolean;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    changed := true;
  ELSIF TG_OP = 'DELETE' THEN
    changed := EXISTS (SELECT 1 FROM old_rows);
  ELSE
    changed := EXISTS (SELECT 1 FROM new_rows);
  END IF;
  IF changed THEN
    UPDATE registered_entities_version SET version = gen_random_uuid();
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER territory_entities_versioned_on_insert AFTER INSERT ON territory_entities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION territory_entities_changed();
CREATE TRIGGER territory_entities_versioned_on_update AFTER UPDATE ON territory_entities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION territory_entities_changed();
CREATE TRIGGER territory_entities_versioned_on_delete AFTER DELETE ON territory_entities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION territory_entities_changed();
CREATE TRIGGER territory_entities_versioned_on_truncate AFTER TRUNCATE ON territory_entities
  FOR EACH STATEMENT EXECUTE FUNCTION territory_entities_changed();
`;
