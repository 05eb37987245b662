/**
 * Participants' sums kept as one row per edition and territory, the groups' figures as parallel arrays
 * (territory_sums), instead of one row per group (territory_scores, migration 002). A submission adds its scores
 * to four territories: four rows written instead of one per group and territory (248 with the demo
 * questionnaire), which was most of a submission's time on deadline day (docs/benchmarks.md).
 *
 * - territory_sums: per (edition, territory, territory_id) the groups as (scopes[i], category_ids[i]) sorted by
 *   scope then category, with participants[i], percentage_sums[i] and value_sums[i]. Every row written here is
 *   copied from territory_scores as it was, value for value, so every figure stays what it was.
 * - territory_scores becomes a view of the same columns and rows (one per group), so readers are unchanged.
 * - add_territory_sums(row's arrays, added arrays): the arrays after adding (or, negative, taking off) the added
 *   groups; a group left with no participant is dropped on any write (the per-group code removed such rows only
 *   when reopening; with exact sums only a reopening can leave one), the rest kept in key order. A group's sum is
 *   the stored sum plus the added value, the same floating-point additions as the per-group upsert made; a group
 *   on one side only keeps its value as it is (no 0 added, which would turn -0 into 0).
 * - The triggers of migrations 004 (edition figures version) and 011 (territory versions) move to the new table:
 *   they read only edition_id, territory and territory_id from the written rows.
 *
 * fillfactor 20: a row (1.7 KB with the demo questionnaire's 62 groups, the scopes compressed to 84 bytes) has its
 * page mostly to itself, so an update writes its new version on the same page (a HOT update) and the old one is
 * pruned there: every update of 2,300 submissions was HOT on both databases. PGlite never vacuums: with full
 * pages every update would take a new page and a new index entry. A questionnaire of more than some 80 groups
 * would have its arrays stored out of line (TOAST), still exact, each update then writing them anew.
 * Every instance runs the same code: one still on the previous version cannot write the view.
 */
export default /* sql */ `
CREATE TABLE territory_sums (
  edition_id      integer NOT NULL REFERENCES editions(id) ON DELETE CASCADE,
  territory       text NOT NULL CHECK (territory IN ('province', 'autonomousCommunity', 'country', 'sizeBand')),
  territory_id    text NOT NULL,
  scopes          text[] NOT NULL,
  category_ids    integer[] NOT NULL,
  participants    integer[] NOT NULL,
  percentage_sums double precision[] NOT NULL,
  value_sums      double precision[] NOT NULL,
  PRIMARY KEY (edition_id, territory, territory_id),
  CHECK (cardinality(category_ids) = cardinality(scopes) AND cardinality(participants) = cardinality(scopes)
         AND cardinality(percentage_sums) = cardinality(scopes) AND cardinality(value_sums) = cardinality(scopes))
) WITH (fillfactor = 20);

INSERT INTO territory_sums (edition_id, territory, territory_id, scopes, category_ids, participants, percentage_sums, value_sums)
SELECT edition_id, territory, territory_id,
       array_agg(scope ORDER BY scope, category_id), array_agg(category_id ORDER BY scope, category_id),
       array_agg(participants ORDER BY scope, category_id), array_agg(percentage_sum ORDER BY scope, category_id),
       array_agg(value_sum ORDER BY scope, category_id)
  FROM territory_scores
 GROUP BY edition_id, territory, territory_id;

DROP TABLE territory_scores;

CREATE VIEW territory_scores AS
SELECT s.edition_id, s.territory, s.territory_id, g.scope, g.category_id, g.participants, g.percentage_sum, g.value_sum
  FROM territory_sums s
 CROSS JOIN LATERAL unnest(s.scopes, s.category_ids, s.participants, s.percentage_sums, s.value_sums)
       AS g(scope, category_id, participants, percentage_sum, value_sum);

CREATE FUNCTION add_territory_sums(
  scopes text[], category_ids integer[], participants integer[], percentage_sums double precision[], value_sums double precision[],
  added_scopes text[], added_category_ids integer[], added_participants integer[], added_percentage_sums double precision[], added_value_sums double precision[],
  OUT new_scopes text[], OUT new_category_ids integer[], OUT new_participants integer[], OUT new_percentage_sums double precision[], OUT new_value_sums double precision[]
) LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  -- The usual case, the same groups (one questionnaire per edition) and none emptied: element by element.
  IF scopes = added_scopes AND category_ids = added_category_ids THEN
    SELECT array_agg(g.n + g.added_n ORDER BY g.i), array_agg(g.p + g.added_p ORDER BY g.i), array_agg(g.v + g.added_v ORDER BY g.i)
      INTO new_participants, new_percentage_sums, new_value_sums
      FROM unnest(participants, added_participants, percentage_sums, added_percentage_sums, value_sums, added_value_sums)
           WITH ORDINALITY AS g(n, added_n, p, added_p, v, added_v, i);
    IF NOT (0 = ANY (new_participants)) THEN
      new_scopes := scopes;
      new_category_ids := category_ids;
      RETURN;
    END IF;
  END IF;
  -- Otherwise group by group: a group on one side only keeps its figures as they are.
  SELECT coalesce(array_agg(m.scope ORDER BY m.scope, m.category_id), '{}'), coalesce(array_agg(m.category_id ORDER BY m.scope, m.category_id), '{}'),
         coalesce(array_agg(m.n ORDER BY m.scope, m.category_id), '{}'), coalesce(array_agg(m.p ORDER BY m.scope, m.category_id), '{}'),
         coalesce(array_agg(m.v ORDER BY m.scope, m.category_id), '{}')
    INTO new_scopes, new_category_ids, new_participants, new_percentage_sums, new_value_sums
    FROM (SELECT coalesce(o.scope, a.scope) AS scope, coalesce(o.category_id, a.category_id) AS category_id,
                 coalesce(o.n, 0) + coalesce(a.n, 0) AS n,
                 CASE WHEN o.scope IS NULL THEN a.p WHEN a.scope IS NULL THEN o.p ELSE o.p + a.p END AS p,
                 CASE WHEN o.scope IS NULL THEN a.v WHEN a.scope IS NULL THEN o.v ELSE o.v + a.v END AS v
            FROM unnest(scopes, category_ids, participants, percentage_sums, value_sums) AS o(scope, category_id, n, p, v)
            FULL JOIN unnest(added_scopes, added_category_ids, added_participants, added_percentage_sums, added_value_sums)
                 AS a(scope, category_id, n, p, v) ON a.scope = o.scope AND a.category_id = o.category_id) AS m
   WHERE m.n <> 0;
END $$;

CREATE TRIGGER territory_sums_versioned_on_insert AFTER INSERT ON territory_sums
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION territory_scores_changed();
CREATE TRIGGER territory_sums_versioned_on_update AFTER UPDATE ON territory_sums
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION territory_scores_changed();
CREATE TRIGGER territory_sums_versioned_on_delete AFTER DELETE ON territory_sums
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION territory_scores_changed();
CREATE TRIGGER territory_sums_versioned_on_truncate AFTER TRUNCATE ON territory_sums
  FOR EACH STATEMENT EXECUTE FUNCTION territory_scores_changed();
CREATE TRIGGER territory_sums_parts_on_insert AFTER INSERT ON territory_sums
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION territory_rows_changed();
CREATE TRIGGER territory_sums_parts_on_update AFTER UPDATE ON territory_sums
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION territory_rows_changed();
CREATE TRIGGER territory_sums_parts_on_delete AFTER DELETE ON territory_sums
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION territory_rows_changed();
CREATE TRIGGER territory_sums_parts_on_truncate AFTER TRUNCATE ON territory_sums
  FOR EACH STATEMENT EXECUTE FUNCTION territory_rows_changed();
`;
