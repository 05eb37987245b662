/**
 * Participants' sums per edition, territory and group, kept up to date when campaigns are sent, so that a
 * result reads a few hundred rows instead of aggregating every stored score of the edition (docs/scoring.md, Cost).
 * territory_id is the province or community INE code, or 'ES' for the country.
 */
export default /* sql */ `
CREATE TABLE territory_scores (
  edition_id     integer NOT NULL REFERENCES editions(id) ON DELETE CASCADE,
  territory      text NOT NULL CHECK (territory IN ('province', 'autonomousCommunity', 'country')),
  territory_id   text NOT NULL,
  scope          text NOT NULL,
  category_id    integer NOT NULL,
  participants   integer NOT NULL,
  percentage_sum double precision NOT NULL,
  value_sum      double precision NOT NULL,
  PRIMARY KEY (edition_id, territory, territory_id, scope, category_id)
);
`;
