/**
 * Finer versions of what a sent campaign's reports are computed from, so that a report can be assembled from
 * parts each kept while only its own inputs stay the same (reports/reportParts.ts):
 *
 * - territory_versions: per edition and territory (a province, a community, the country 'ES', a size band), a
 *   version renewed in the same transaction as every statement that writes that territory's sums
 *   (territory_scores) or rank counts (territory_score_counts), whatever code path or instance writes them. A
 *   submission renews the four territories of its entity and no other; the country's on every submission.
 * - campaign_score_versions: per campaign, a version renewed with every write of its stored scores
 *   (campaign_scores), that is at every submission (a campaign reopened and sent again is scored again).
 *
 * As in migration 004, a version is a random uuid, never reused. A territory or campaign without a row reads as
 * 'initial': the rows below are made for every territory and campaign that has data now, so 'initial' only ever
 * names a territory or campaign that has never had any (the same empty state in any database).
 *
 * Locks: every writer of territory_scores or territory_score_counts locks their rows in key order first (a
 * submission, a reopening) or both tables in EXCLUSIVE mode (a rebuild); these triggers then lock the versions'
 * rows, in key order, last. Migration 004's edition version is kept (other readers use it).
 */
export default /* sql */ `
CREATE TABLE territory_versions (
  edition_id   integer NOT NULL REFERENCES editions(id) ON DELETE CASCADE,
  territory    text NOT NULL,
  territory_id text NOT NULL,
  version      uuid NOT NULL,
  PRIMARY KEY (edition_id, territory, territory_id)
);
INSERT INTO territory_versions (edition_id, territory, territory_id, version)
SELECT edition_id, territory, territory_id, gen_random_uuid()
  FROM (SELECT edition_id, territory, territory_id FROM territory_scores
        UNION SELECT edition_id, territory, territory_id FROM territory_score_counts) AS t;

CREATE TABLE campaign_score_versions (
  campaign_id integer PRIMARY KEY REFERENCES campaigns(id) ON DELETE CASCADE,
  version     uuid NOT NULL
);
INSERT INTO campaign_score_versions (campaign_id, version)
SELECT campaign_id, gen_random_uuid() FROM (SELECT DISTINCT campaign_id FROM campaign_scores) AS c;

-- Renews the versions of the listed territories (parallel arrays), locking their rows in key order.
CREATE FUNCTION renew_territory_versions(edition_ids integer[], territories text[], territory_ids text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO territory_versions (edition_id, territory, territory_id, version)
  SELECT DISTINCT t.edition_id, t.territory, t.territory_id, gen_random_uuid()
    FROM unnest(edition_ids, territories, territory_ids) AS t(edition_id, territory, territory_id)
    JOIN editions ed ON ed.id = t.edition_id
   ORDER BY t.edition_id, t.territory, t.territory_id
  ON CONFLICT (edition_id, territory, territory_id) DO UPDATE SET version = EXCLUDED.version;
$$;

-- One function for territory_scores and territory_score_counts: both have edition_id, territory, territory_id.
CREATE FUNCTION territory_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  eds integer[];
  ts text[];
  ids text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE territory_versions SET version = gen_random_uuid();
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(edition_id), array_agg(territory), array_agg(territory_id) INTO eds, ts, ids
      FROM (SELECT DISTINCT edition_id, territory, territory_id FROM new_rows) AS k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(edition_id), array_agg(territory), array_agg(territory_id) INTO eds, ts, ids
      FROM (SELECT DISTINCT edition_id, territory, territory_id FROM old_rows) AS k;
  ELSE
    SELECT array_agg(edition_id), array_agg(territory), array_agg(territory_id) INTO eds, ts, ids
      FROM (SELECT edition_id, territory, territory_id FROM old_rows UNION SELECT edition_id, territory, territory_id FROM new_rows) AS k;
  END IF;
  IF eds IS NOT NULL THEN
    PERFORM renew_territory_versions(eds, ts, ids);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER territory_scores_parts_on_insert AFTER INSERT ON territory_scores
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION territory_rows_changed();
CREATE TRIGGER territory_scores_parts_on_update AFTER UPDATE ON territory_scores
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION territory_rows_changed();
CREATE TRIGGER territory_scores_parts_on_delete AFTER DELETE ON territory_scores
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION territory_rows_changed();
CREATE TRIGGER territory_scores_parts_on_truncate AFTER TRUNCATE ON territory_scores
  FOR EACH STATEMENT EXECUTE FUNCTION territory_rows_changed();
CREATE TRIGGER territory_score_counts_parts_on_insert AFTER INSERT ON territory_score_counts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION territory_rows_changed();
CREATE TRIGGER territory_score_counts_parts_on_update AFTER UPDATE ON territory_score_counts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION territory_rows_changed();
CREATE TRIGGER territory_score_counts_parts_on_delete AFTER DELETE ON territory_score_counts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION territory_rows_changed();
CREATE TRIGGER territory_score_counts_parts_on_truncate AFTER TRUNCATE ON territory_score_counts
  FOR EACH STATEMENT EXECUTE FUNCTION territory_rows_changed();

CREATE FUNCTION campaign_scores_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE campaign_score_versions SET version = gen_random_uuid();
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT campaign_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT campaign_id FROM old_rows);
  ELSE
    ids := ARRAY(SELECT campaign_id FROM old_rows UNION SELECT campaign_id FROM new_rows);
  END IF;
  INSERT INTO campaign_score_versions (campaign_id, version)
  SELECT c.id, gen_random_uuid() FROM campaigns c WHERE c.id = ANY(ids) ORDER BY c.id
  ON CONFLICT (campaign_id) DO UPDATE SET version = EXCLUDED.version;
  RETURN NULL;
END $$;

CREATE TRIGGER campaign_scores_versioned_on_insert AFTER INSERT ON campaign_scores
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_scores_changed();
CREATE TRIGGER campaign_scores_versioned_on_update AFTER UPDATE ON campaign_scores
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_scores_changed();
CREATE TRIGGER campaign_scores_versioned_on_delete AFTER DELETE ON campaign_scores
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_scores_changed();
CREATE TRIGGER campaign_scores_versioned_on_truncate AFTER TRUNCATE ON campaign_scores
  FOR EACH STATEMENT EXECUTE FUNCTION campaign_scores_changed();
`;
