/**
 * A version of each edition's review queue, renewed in the transaction of every write that changes what the queue
 * shows, so that a queue's body can be kept and served again while it holds (routes/campaigns/review.ts), as the
 * report bodies are under the versions of migration 004. The queue shows the edition's sent campaigns: their review
 * status, sending date, entity (name, province, community) and the count of their reviewers' marks. So the version
 * is renewed when
 * - a sent campaign is inserted or deleted, or a campaign that is or was sent changes its status, review status,
 *   sending date, entity or edition (a row trigger with a condition: saving an answer does not fire it);
 * - a reviewer's mark is written or removed;
 * - an entity with sent campaigns is renamed or moved to another province (its editions only);
 * - a province or community changes (every edition: these are reference data, changed by migrations if ever).
 * An edition with no row has the version '' until its first change, which writes one. Only new tables, functions
 * and triggers: every row is kept.
 */
export default /* sql */ `
CREATE TABLE edition_review_versions (
  edition_id integer PRIMARY KEY REFERENCES editions(id) ON DELETE CASCADE,
  version    uuid NOT NULL
);

CREATE FUNCTION renew_edition_review_versions(edition_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO edition_review_versions (edition_id, version)
  SELECT ed.id, gen_random_uuid() FROM editions ed WHERE ed.id = ANY(edition_ids) ORDER BY ed.id
  ON CONFLICT (edition_id) DO UPDATE SET version = EXCLUDED.version;
$$;

-- Each branch names only the transition table its trigger has.
CREATE FUNCTION sent_campaigns_inserted_or_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM renew_edition_review_versions(ARRAY(SELECT DISTINCT edition_id FROM new_rows WHERE status = 'sent'));
  ELSE
    PERFORM renew_edition_review_versions(ARRAY(SELECT DISTINCT edition_id FROM old_rows WHERE status = 'sent'));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION sent_campaign_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM renew_edition_review_versions(ARRAY[OLD.edition_id, NEW.edition_id]);
  RETURN NULL;
END $$;

CREATE TRIGGER campaigns_review_versioned_on_insert AFTER INSERT ON campaigns
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sent_campaigns_inserted_or_deleted();
CREATE TRIGGER campaigns_review_versioned_on_delete AFTER DELETE ON campaigns
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sent_campaigns_inserted_or_deleted();
CREATE TRIGGER campaigns_review_versioned_on_update AFTER UPDATE ON campaigns FOR EACH ROW
  WHEN ((OLD.status = 'sent' OR NEW.status = 'sent')
        AND (OLD.status, OLD.review_status, OLD.end_date, OLD.entity_id, OLD.edition_id)
            IS DISTINCT FROM (NEW.status, NEW.review_status, NEW.end_date, NEW.entity_id, NEW.edition_id))
  EXECUTE FUNCTION sent_campaign_updated();

CREATE FUNCTION review_marks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM renew_edition_review_versions(ARRAY(SELECT DISTINCT c.edition_id FROM campaigns c WHERE c.id IN (SELECT campaign_id FROM new_rows)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM renew_edition_review_versions(ARRAY(SELECT DISTINCT c.edition_id FROM campaigns c WHERE c.id IN (SELECT campaign_id FROM old_rows)));
  ELSE
    PERFORM renew_edition_review_versions(ARRAY(
      SELECT DISTINCT c.edition_id FROM campaigns c
       WHERE c.id IN (SELECT campaign_id FROM old_rows UNION SELECT campaign_id FROM new_rows)));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER review_marks_versioned_on_insert AFTER INSERT ON review_marks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION review_marks_changed();
CREATE TRIGGER review_marks_versioned_on_update AFTER UPDATE ON review_marks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION review_marks_changed();
CREATE TRIGGER review_marks_versioned_on_delete AFTER DELETE ON review_marks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION review_marks_changed();

CREATE FUNCTION queued_entity_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM renew_edition_review_versions(ARRAY(SELECT DISTINCT edition_id FROM campaigns WHERE entity_id = NEW.id AND status = 'sent'));
  RETURN NULL;
END $$;

CREATE TRIGGER entities_review_versioned_on_update AFTER UPDATE ON entities FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.province_id IS DISTINCT FROM NEW.province_id)
  EXECUTE FUNCTION queued_entity_changed();

CREATE FUNCTION queue_places_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM renew_edition_review_versions(ARRAY(SELECT id FROM editions));
  RETURN NULL;
END $$;

CREATE TRIGGER provinces_review_versioned AFTER INSERT OR UPDATE OR DELETE ON provinces
  FOR EACH STATEMENT EXECUTE FUNCTION queue_places_changed();
CREATE TRIGGER communities_review_versioned AFTER INSERT OR UPDATE OR DELETE ON autonomous_communities
  FOR EACH STATEMENT EXECUTE FUNCTION queue_places_changed();
`;
