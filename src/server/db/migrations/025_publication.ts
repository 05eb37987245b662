/**
 * Publication (docs/api.md, "Publication"): what anyone may read of final editions, without signing in.
 * - `entities.publishes_results`: whether the entity chose to make its own figures public ('Publicar mis
 *   resultados'); false until it does, so no entity's figures leave before it says so; who changed it last and when
 *   (`publication_changed_by`, an e-mail, and `publication_changed_at`; null until then). Territorial means and
 *   participation of final editions are public whatever the entities chose.
 * - `publication_version`: one version of everything the public answers show, renewed in the transaction of every
 *   write that changes one (an entity's choice, name or removal; an edition published as final or removed; a
 *   campaign's frozen place removed; the names of provinces, communities and axes), so that a public answer is
 *   kept and revalidated (ETag) under it on any number of instances.
 * Every row is kept; every entity starts not publishing.
 */
export default /* sql */ `
ALTER TABLE entities
  ADD COLUMN publishes_results boolean NOT NULL DEFAULT false,
  ADD COLUMN publication_changed_at timestamptz,
  ADD COLUMN publication_changed_by text;

CREATE TABLE publication_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version   uuid NOT NULL
);
INSERT INTO publication_version (version) VALUES (gen_random_uuid());

CREATE FUNCTION renew_publication_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE publication_version SET version = gen_random_uuid();
  RETURN NULL;
END $$;

CREATE TRIGGER entities_publication_versioned AFTER UPDATE ON entities FOR EACH ROW
  WHEN (OLD.publishes_results IS DISTINCT FROM NEW.publishes_results OR OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION renew_publication_version();
CREATE TRIGGER entities_publication_versioned_on_delete AFTER DELETE ON entities
  FOR EACH STATEMENT EXECUTE FUNCTION renew_publication_version();
CREATE TRIGGER editions_publication_versioned AFTER UPDATE ON editions FOR EACH ROW
  WHEN (OLD.final_published_at IS DISTINCT FROM NEW.final_published_at)
  EXECUTE FUNCTION renew_publication_version();
CREATE TRIGGER editions_publication_versioned_on_delete AFTER DELETE ON editions
  FOR EACH STATEMENT EXECUTE FUNCTION renew_publication_version();
CREATE TRIGGER final_places_publication_versioned AFTER DELETE ON final_places
  FOR EACH STATEMENT EXECUTE FUNCTION renew_publication_version();
CREATE TRIGGER provinces_publication_versioned AFTER UPDATE ON provinces
  FOR EACH STATEMENT EXECUTE FUNCTION renew_publication_version();
CREATE TRIGGER communities_publication_versioned AFTER UPDATE ON autonomous_communities
  FOR EACH STATEMENT EXECUTE FUNCTION renew_publication_version();
CREATE TRIGGER categories_publication_versioned AFTER UPDATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION renew_publication_version();
`;
