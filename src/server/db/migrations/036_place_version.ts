/**
 * One version for every table a report's place statement reads (resultQueries.ts PLACE_COLUMNS and PLACE_FROM, the
 * comparison's previous campaign, the trend's version), renewed by every transaction that writes any of them, so that
 * an instance may keep a place it read and use it again while this version holds (reports/placeMemo.ts): a kept
 * report's call then checks its session and this one row instead of reading its place again.
 *
 * A random uuid, as the other versions (migration 004), so a value identifies one state of those tables even across
 * a restore. The row is renewed at commit (a deferred constraint trigger), once per transaction (a transaction-local
 * setting holds the transaction's id once it did): its lock is the last a transaction takes, held while it commits
 * (its WAL flush included). So every transaction that writes a place table (a submission, a reopening, a review
 * decision, an entity's edit, a campaign created or opened by its first answer) waits, at commit, for the one before
 * it to finish committing; submissions already wait for each other on the territories' sums (lockTerritorySums).
 * Holding that lock, a transaction waits for nothing else, so it adds no lock cycle. TRUNCATE, which row triggers do
 * not see, renews it at once, in the middle of its transaction: truncating a place table is for maintenance, with
 * the app stopped. Triggers disabled (session_replication_role replica, ALTER TABLE ... DISABLE TRIGGER) would
 * renew nothing: no code here does either, and a migration that changes place tables' rows without firing their
 * triggers must renew the version itself.
 *
 * The tables are listed here; placeStatement.test.ts checks that every table the place statements read is one of
 * them, with both triggers enabled and the row one deferred.
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

-- Renews the version once per transaction: a transaction-local setting holds the id of the transaction that renewed
-- it, so a value set any other way (for a session, for a role) renews nothing less.
CREATE FUNCTION place_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('place_version.renewed_by', true) IS DISTINCT FROM pg_current_xact_id()::text THEN
    UPDATE place_version SET version = gen_random_uuid();
    PERFORM set_config('place_version.renewed_by', pg_current_xact_id()::text, true);
  END IF;
  RETURN NULL;
END $$;
${PLACE_TABLES.map(triggersOf).join('\n')}
`;
