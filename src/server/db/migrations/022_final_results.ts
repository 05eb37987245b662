/**
 * Final results (scoring.md, "Final results"; docs/api.md, "Final results"): once ADMIN publishes an edition's
 * results as final, its figures are frozen.
 * - `editions.final_published_at`: when; `editions.final_min_group_size`: MIN_GROUP_SIZE as it was then, which the
 *   edition's reports keep using whatever the setting becomes. Both null until then.
 * - `final_places`: each sent campaign's territories at publication (province, community, size band with its
 *   largest population): its figures stay compared with those, wherever its entity moves later or whatever bands
 *   SIZE_BANDS sets. Removing the campaign (its entity removed) removes its row.
 * - `final_territory_entities`: the entities registered in each territory at publication, which the edition's
 *   means over every registered entity keep dividing by.
 * - `edition_territory_entities`: the registered entities an edition's figures divide by: today's for an edition
 *   not final, those of its publication for a final one.
 * - A safety net under the services' own refusals: changing a final edition's row (dates, rules, publication) or an
 *   entity's extension in it, writing a campaign, its answers, notes, evidence, review marks or objections, or the
 *   territorial sums and rank counts, of a final edition raises SQLSTATE EF001, which the
 *   API answers 409 EDITION_FINAL. Removals are let through: removing an entity removes its campaigns, and the
 *   edition's sums stay as published (the rebuilds leave final editions alone).
 * Every row of every table is kept; no edition is final yet.
 */
export default /* sql */ `
ALTER TABLE editions
  ADD COLUMN final_published_at timestamptz,
  ADD COLUMN final_min_group_size integer CHECK (final_min_group_size >= 1),
  ADD CHECK ((final_published_at IS NULL) = (final_min_group_size IS NULL)),
  ADD CHECK (final_published_at IS NULL OR provisional_published_at IS NOT NULL);

CREATE TABLE final_places (
  campaign_id   integer PRIMARY KEY REFERENCES campaigns(id) ON DELETE CASCADE,
  edition_id    integer NOT NULL REFERENCES editions(id),
  province_id   text NOT NULL REFERENCES provinces(id),
  community_id  text NOT NULL REFERENCES autonomous_communities(id),
  size_band     integer NOT NULL,
  size_band_max integer
);
CREATE INDEX final_places_edition_idx ON final_places (edition_id);

CREATE TABLE final_territory_entities (
  edition_id   integer NOT NULL REFERENCES editions(id),
  territory    text NOT NULL,
  territory_id text NOT NULL,
  registered   integer NOT NULL CHECK (registered >= 0),
  PRIMARY KEY (edition_id, territory, territory_id)
);

CREATE VIEW edition_territory_entities AS
  SELECT ed.id AS edition_id, te.territory, te.territory_id, te.registered
    FROM editions ed CROSS JOIN territory_entities te
   WHERE ed.final_published_at IS NULL
  UNION ALL
  SELECT f.edition_id, f.territory, f.territory_id, f.registered FROM final_territory_entities f;

CREATE FUNCTION edition_is_final(edition integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM editions WHERE id = edition AND final_published_at IS NOT NULL)
$$;

-- Row by row where rows are few (one campaign, one answer, one mark per call).
CREATE FUNCTION refuse_final_campaign_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF edition_is_final((SELECT c.edition_id FROM campaigns c WHERE c.id = NEW.campaign_id)) THEN
    RAISE EXCEPTION 'The edition''s results are final' USING ERRCODE = 'EF001';
  END IF;
  RETURN NEW;
END
$$;

-- A final edition's row: its dates, rules and publication no longer change.
CREATE FUNCTION refuse_final_edition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.final_published_at IS NOT NULL THEN
    RAISE EXCEPTION 'The edition''s results are final' USING ERRCODE = 'EF001';
  END IF;
  RETURN NEW;
END
$$;

CREATE FUNCTION refuse_final_edition_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF edition_is_final(NEW.edition_id) THEN
    RAISE EXCEPTION 'The edition''s results are final' USING ERRCODE = 'EF001';
  END IF;
  RETURN NEW;
END
$$;

-- Once per statement where one statement writes many rows (a submission's scores, a rebuild of sums).
CREATE FUNCTION refuse_final_edition_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows r JOIN editions ed ON ed.id = r.edition_id WHERE ed.final_published_at IS NOT NULL) THEN
    RAISE EXCEPTION 'The edition''s results are final' USING ERRCODE = 'EF001';
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION refuse_final_scores_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows r JOIN campaigns c ON c.id = r.campaign_id JOIN editions ed ON ed.id = c.edition_id
              WHERE ed.final_published_at IS NOT NULL) THEN
    RAISE EXCEPTION 'The edition''s results are final' USING ERRCODE = 'EF001';
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER editions_final BEFORE UPDATE ON editions FOR EACH ROW EXECUTE FUNCTION refuse_final_edition();
CREATE TRIGGER deadline_extensions_final BEFORE INSERT OR UPDATE OF closes_on ON deadline_extensions FOR EACH ROW EXECUTE FUNCTION refuse_final_edition_row();
-- Only the columns a call writes: a user removed sets its id to null in the rows it wrote, which stays allowed.
CREATE TRIGGER campaigns_final BEFORE INSERT OR UPDATE OF entity_id, edition_id, status, review_status, validated_at ON campaigns
  FOR EACH ROW EXECUTE FUNCTION refuse_final_edition_row();
CREATE TRIGGER answers_final BEFORE INSERT OR UPDATE ON answers FOR EACH ROW EXECUTE FUNCTION refuse_final_campaign_row();
CREATE TRIGGER answer_notes_final BEFORE INSERT OR UPDATE ON answer_notes FOR EACH ROW EXECUTE FUNCTION refuse_final_campaign_row();
CREATE TRIGGER evidence_final BEFORE INSERT ON evidence FOR EACH ROW EXECUTE FUNCTION refuse_final_campaign_row();
CREATE TRIGGER review_marks_final BEFORE INSERT OR UPDATE OF verdict, comment ON review_marks FOR EACH ROW EXECUTE FUNCTION refuse_final_campaign_row();
CREATE TRIGGER objections_final BEFORE INSERT OR UPDATE OF status, reason ON objections FOR EACH ROW EXECUTE FUNCTION refuse_final_campaign_row();

CREATE TRIGGER campaign_scores_final_insert AFTER INSERT ON campaign_scores
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_final_scores_rows();
CREATE TRIGGER campaign_scores_final_update AFTER UPDATE ON campaign_scores
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_final_scores_rows();
CREATE TRIGGER territory_sums_final_insert AFTER INSERT ON territory_sums
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_final_edition_rows();
CREATE TRIGGER territory_sums_final_update AFTER UPDATE ON territory_sums
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_final_edition_rows();
CREATE TRIGGER territory_sums_final_delete AFTER DELETE ON territory_sums
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_final_edition_rows();
CREATE TRIGGER territory_score_counts_final_insert AFTER INSERT ON territory_score_counts
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_final_edition_rows();
CREATE TRIGGER territory_score_counts_final_update AFTER UPDATE ON territory_score_counts
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_final_edition_rows();
CREATE TRIGGER territory_score_counts_final_delete AFTER DELETE ON territory_score_counts
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_final_edition_rows();
`;
