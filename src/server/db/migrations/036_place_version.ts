/**
 * One version for every table a report's place statement reads (resultQueries.ts PLACE_COLUMNS and PLACE_FROM, the
 * comparison's previous campaign, the trend's version), renewed by every transaction that writes any of them, so that
 * an instance may keep a place it read and use it again while this version holds (reports/placeMemo.ts): a kept
 * report's call then checks its session and this one row instead of reading its place again.
 *
 * A random uuid, as the other versions (migration 004), so a value identifies one state of those tables even across
 * a restore. The row is renewed at commit (a deferred constraint trigger), once per transaction: its lock is the last
 * a transaction takes, held only while it commits, so it adds no wait to writers that already serialize (a
 * submission, on its country's sums) and no lock order that could deadlock. TRUNCATE, which row triggers do not see,
 * renews it at once.
 *
 * The tables are listed here; placeStatement.test.ts checks that every table the place statements read is one of them.
 */
const PLACE_TABLES = [
  'campaigns',
  'editions',
  'entities',
  'final_places',
  'provinces',
  'autonomous_communities',
  'campaign_receipts',
  'size_bands',
  'edition_figures_versions',
  'registered_entities_version',
  'campaign_score_versions',
  'territory_versions',
];

const triggersOf = (table: string) => `
CREATE CONSTRAINT TRIGGER ${table}_place_changed AFTER INSERT OR UPDATE OR DELETE ON ${table}
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION place_changed();
CREATE TRIGGER ${table}_place_truncated AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION place_changed();`;

export default /* sql */ `
CREATE TABLE place_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version   uuid NOT NULL
);
INSERT INTO place_version (version) VALUES (gen_random_uuid());

-- Renews the version once per transaction (a transaction-local setting remembers it did).
CREATE FUNCTION place_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('place_version.renewed', true) IS DISTINCT FROM 'yes' THEN
    UPDATE place_version SET version = gen_random_uuid();
    PERFORM set_config('place_version.renewed', 'yes', true);
  END IF;
  RETURN NULL;
END $$;
${PLACE_TABLES.map(triggersOf).join('\n')}
`;
