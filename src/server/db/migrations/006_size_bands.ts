/**
 * A fifth comparison level, the entities of the same population band across the country ('Entidades de tamaño
 * similar'), and the counts a rank is read from.
 *
 * - size_bands lists each band by its smallest population; a band runs up to the next one's minus one, the last
 *   has no upper bound. The default bands are close to INE's municipal size classes; SIZE_BANDS replaces them
 *   at start (db/repositories/sizeBands.ts), moving entities and rebuilding the sums.
 * - entities.size_band is the band of the entity's population, set by a trigger whenever the population
 *   changes, so that every query reads it as a column (and the territory counts move with it like a province).
 * - territory_scores and territory_entities gain the territory 'sizeBand', whose territory_id is the band's
 *   smallest population as text. Rows for the existing entities and sent campaigns are added here, so an
 *   upgraded database shows band figures at once and every other figure stays as it was.
 * - territory_score_counts holds, per edition, territory and global or axis group, how many participants
 *   scored each percentage as reports show it (tenths of a percent, 0..1000): a rank is one plus the
 *   participants above, read from at most a thousand rows whatever the number of entities (docs/scoring.md, Cost).
 *   It is written wherever territory_scores is, in the same transactions, so the edition figures version
 *   (migration 004) covers it.
 */
export default /* sql */ `
CREATE TABLE size_bands (
  min_population integer PRIMARY KEY CHECK (min_population >= 1)
);
INSERT INTO size_bands (min_population) VALUES (1), (5001), (20001), (50001), (100001);

-- The band of a population: the largest smallest-population not above it (bands always start at 1).
CREATE FUNCTION size_band_of(population integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT max(b.min_population) FROM size_bands b WHERE b.min_population <= population
$$;

ALTER TABLE entities ADD COLUMN size_band integer REFERENCES size_bands(min_population);
UPDATE entities SET size_band = size_band_of(population);
ALTER TABLE entities ALTER COLUMN size_band SET NOT NULL;

CREATE FUNCTION set_entity_size_band() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.size_band := size_band_of(NEW.population);
  RETURN NEW;
END $$;
CREATE TRIGGER entities_size_band_on_insert BEFORE INSERT ON entities FOR EACH ROW EXECUTE FUNCTION set_entity_size_band();
CREATE TRIGGER entities_size_band_on_population BEFORE UPDATE OF population ON entities FOR EACH ROW EXECUTE FUNCTION set_entity_size_band();

ALTER TABLE territory_scores DROP CONSTRAINT territory_scores_territory_check;
ALTER TABLE territory_scores ADD CONSTRAINT territory_scores_territory_check CHECK (territory IN ('province', 'autonomousCommunity', 'country', 'sizeBand'));
ALTER TABLE territory_entities DROP CONSTRAINT territory_entities_territory_check;
ALTER TABLE territory_entities ADD CONSTRAINT territory_entities_territory_check CHECK (territory IN ('province', 'autonomousCommunity', 'country', 'sizeBand'));

-- Migration 003's counting, with the band: adds delta x one entity per (province, band) listed to that province,
-- its community, the country and the band. Rows are locked in key order, as before.
CREATE FUNCTION add_entity_territories(province_ids text[], size_bands integer[], delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO territory_entities (territory, territory_id, registered)
  SELECT t.territory, t.territory_id, delta * count(*)
    FROM unnest(province_ids, size_bands) AS en(province_id, size_band)
    JOIN provinces pr ON pr.id = en.province_id
   CROSS JOIN LATERAL (VALUES ('province', en.province_id), ('autonomousCommunity', pr.community_id), ('country', 'ES'),
                              ('sizeBand', en.size_band::text)) AS t(territory, territory_id)
   GROUP BY t.territory, t.territory_id
   ORDER BY t.territory, t.territory_id
  ON CONFLICT (territory, territory_id) DO UPDATE SET registered = territory_entities.registered + EXCLUDED.registered;
$$;

CREATE OR REPLACE FUNCTION count_territory_entities() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  provinces text[];
  bands integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(province_id), array_agg(size_band) INTO provinces, bands FROM new_rows;
    PERFORM add_entity_territories(provinces, bands, 1);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(province_id), array_agg(size_band) INTO provinces, bands FROM old_rows;
    PERFORM add_entity_territories(provinces, bands, -1);
  ELSE
    -- Only an entity that moved to another province or band changes any count.
    SELECT array_agg(o.province_id), array_agg(o.size_band) INTO provinces, bands
      FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.province_id <> o.province_id OR n.size_band <> o.size_band;
    PERFORM add_entity_territories(provinces, bands, -1);
    SELECT array_agg(n.province_id), array_agg(n.size_band) INTO provinces, bands
      FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.province_id <> o.province_id OR n.size_band <> o.size_band;
    PERFORM add_entity_territories(provinces, bands, 1);
  END IF;
  RETURN NULL;
END $$;
DROP FUNCTION add_territory_entities(text[], integer);

INSERT INTO territory_entities (territory, territory_id, registered)
SELECT 'sizeBand', size_band::text, count(*) FROM entities GROUP BY size_band;

INSERT INTO territory_scores (edition_id, territory, territory_id, scope, category_id, participants, percentage_sum, value_sum)
SELECT c.edition_id, 'sizeBand', en.size_band::text, cs.scope, cs.category_id, count(*), sum(cs.percentage), sum(cs.value)
  FROM campaign_scores cs JOIN campaigns c ON c.id = cs.campaign_id JOIN entities en ON en.id = c.entity_id
 WHERE c.status = 'sent'
 GROUP BY c.edition_id, en.size_band, cs.scope, cs.category_id;

CREATE TABLE territory_score_counts (
  edition_id       integer NOT NULL REFERENCES editions(id) ON DELETE CASCADE,
  territory        text NOT NULL CHECK (territory IN ('province', 'autonomousCommunity', 'country', 'sizeBand')),
  territory_id     text NOT NULL,
  scope            text NOT NULL CHECK (scope IN ('total', 'axis')),
  category_id      integer NOT NULL,
  shown_percentage integer NOT NULL CHECK (shown_percentage BETWEEN 0 AND 1000),
  participants     integer NOT NULL,
  PRIMARY KEY (edition_id, territory, territory_id, scope, category_id, shown_percentage)
);

-- A stored percentage (a fraction) as reports show it, in tenths of a percent: 0.45349 is 45.3 %, 453.
CREATE FUNCTION shown_percentage(fraction double precision) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT (round((fraction * 100)::numeric, 1) * 10)::integer
$$;

INSERT INTO territory_score_counts (edition_id, territory, territory_id, scope, category_id, shown_percentage, participants)
SELECT c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, shown_percentage(cs.percentage), count(*)
  FROM campaign_scores cs JOIN campaigns c ON c.id = cs.campaign_id JOIN entities en ON en.id = c.entity_id
  JOIN provinces pr ON pr.id = en.province_id
 CROSS JOIN LATERAL (VALUES ('province', en.province_id), ('autonomousCommunity', pr.community_id), ('country', 'ES'),
                            ('sizeBand', en.size_band::text)) AS t(territory, territory_id)
 WHERE c.status = 'sent' AND cs.scope IN ('total', 'axis')
 GROUP BY c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, shown_percentage(cs.percentage);
`;
