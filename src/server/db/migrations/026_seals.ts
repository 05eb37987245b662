/**
 * Seals (docs/api.md, "Seals"): ADMIN sets, before an edition becomes final, the global percentage an entity must
 * reach per population band (`seal_thresholds`: up to `max_population` inhabitants, null for no upper bound;
 * `min_percentage` a fraction 0..1). When the edition becomes final, every validated campaign whose shown
 * percentage reaches the threshold of its entity's population then holds a seal (`seals`) under a random code of
 * 122 bits (a version-4 UUID without its dashes), which anyone can verify. A final edition's thresholds cannot
 * change (SQLSTATE EF001, as migration 022's safety net). Only new tables: every row is kept.
 */
export default /* sql */ `
CREATE TABLE seal_thresholds (
  edition_id     integer NOT NULL REFERENCES editions(id) ON DELETE CASCADE,
  max_population integer CHECK (max_population >= 1),
  min_percentage double precision NOT NULL CHECK (min_percentage >= 0 AND min_percentage <= 1)
);
CREATE UNIQUE INDEX seal_thresholds_band_idx ON seal_thresholds (edition_id, coalesce(max_population, 0));

CREATE TABLE seals (
  code           text PRIMARY KEY CHECK (code ~ '^[0-9a-f]{32}$'),
  campaign_id    integer NOT NULL UNIQUE REFERENCES campaigns(id) ON DELETE CASCADE,
  edition_id     integer NOT NULL REFERENCES editions(id),
  entity_id      integer NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
  percentage     double precision NOT NULL,
  min_percentage double precision NOT NULL,
  max_population integer,
  population     integer NOT NULL,
  granted_at     timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION refuse_final_seal_thresholds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF edition_is_final(CASE WHEN TG_OP = 'DELETE' THEN OLD.edition_id ELSE NEW.edition_id END) THEN
    RAISE EXCEPTION 'The edition''s results are final' USING ERRCODE = 'EF001';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER seal_thresholds_refuse_final AFTER INSERT OR UPDATE OR DELETE ON seal_thresholds
  FOR EACH ROW EXECUTE FUNCTION refuse_final_seal_thresholds();
`;
