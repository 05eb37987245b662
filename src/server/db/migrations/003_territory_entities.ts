/**
 * Entities registered per territory (docs/scoring.md, percentagesComparedToAll), kept by triggers on entities so
 * that every way of creating, moving or removing an entity, from any instance, keeps the counts exact, and a
 * result reads three rows by primary key instead of counting every entity of the country.
 * territory_id is the province or community INE code, or 'ES' for the country.
 */
export default /* sql */ `
CREATE TABLE territory_entities (
  territory    text NOT NULL CHECK (territory IN ('province', 'autonomousCommunity', 'country')),
  territory_id text NOT NULL,
  registered   integer NOT NULL,
  PRIMARY KEY (territory, territory_id)
);

-- Adds delta x one entity per listed province to that province, its community and the country. Rows are
-- locked in key order so that two transactions adding entities cannot deadlock on the shared rows.
CREATE FUNCTION add_territory_entities(province_ids text[], delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO territory_entities (territory, territory_id, registered)
  SELECT t.territory, t.territory_id, delta * count(*)
    FROM unnest(province_ids) AS en(province_id)
    JOIN provinces pr ON pr.id = en.province_id
   CROSS JOIN LATERAL (VALUES ('province', en.province_id), ('autonomousCommunity', pr.community_id), ('country', 'ES')) AS t(territory, territory_id)
   GROUP BY t.territory, t.territory_id
   ORDER BY t.territory, t.territory_id
  ON CONFLICT (territory, territory_id) DO UPDATE SET registered = territory_entities.registered + EXCLUDED.registered;
$$;

CREATE FUNCTION count_territory_entities() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_territory_entities(ARRAY(SELECT province_id FROM new_rows), 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM add_territory_entities(ARRAY(SELECT province_id FROM old_rows), -1);
  ELSE
    -- Only an entity that moved to another province changes any count.
    PERFORM add_territory_entities(ARRAY(SELECT o.province_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.province_id <> o.province_id), -1);
    PERFORM add_territory_entities(ARRAY(SELECT n.province_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.province_id <> o.province_id), 1);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION clear_territory_entities() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM territory_entities;
  RETURN NULL;
END $$;

CREATE TRIGGER entities_counted_on_insert AFTER INSERT ON entities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_territory_entities();
CREATE TRIGGER entities_counted_on_delete AFTER DELETE ON entities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_territory_entities();
CREATE TRIGGER entities_counted_on_update AFTER UPDATE ON entities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_territory_entities();
CREATE TRIGGER entities_counted_on_truncate AFTER TRUNCATE ON entities
  FOR EACH STATEMENT EXECUTE FUNCTION clear_territory_entities();

SELECT add_territory_entities(ARRAY(SELECT province_id FROM entities), 1);
`;
