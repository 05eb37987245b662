/**
 * Editions written in the app: a draft per year, the catalogue being written (FORMAT.md's document, which may not
 * pass its checks yet) with a version that every change raises, so that two people changing one draft find out
 * instead of overwriting each other. Publishing it imports it as an edition and removes the draft. New table only:
 * every row is kept.
 */
export default /* sql */ `
CREATE TABLE edition_drafts (
  campaign_number integer PRIMARY KEY CHECK (campaign_number BETWEEN 2000 AND 2100),
  document        jsonb NOT NULL,
  version         integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  based_on        integer,
  created_by      integer REFERENCES users(id) ON DELETE SET NULL,
  updated_by      integer REFERENCES users(id) ON DELETE SET NULL,
  updated_at      timestamptz NOT NULL DEFAULT now()
);
`;
