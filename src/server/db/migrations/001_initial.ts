/** The initial schema: geography, entities, users, questionnaires, campaigns, auth and audit. */
export default /* sql */ `
CREATE TABLE autonomous_communities (
  id   text PRIMARY KEY CHECK (id ~ '^[0-9]{2}$'),
  name text NOT NULL
);

CREATE TABLE provinces (
  id           text PRIMARY KEY CHECK (id ~ '^[0-9]{2}$'),
  name         text NOT NULL,
  community_id text NOT NULL REFERENCES autonomous_communities(id)
);
CREATE INDEX provinces_community_idx ON provinces(community_id);

-- INE code: two digits of province plus three of municipality.
CREATE TABLE municipalities (
  id          text PRIMARY KEY CHECK (id ~ '^[0-9]{5}$'),
  name        text NOT NULL,
  province_id text NOT NULL REFERENCES provinces(id)
);
CREATE INDEX municipalities_province_idx ON municipalities(province_id);

-- name_key is the name folded to lower case without accents, so that names are unique regardless of either.
CREATE TABLE entities (
  id          serial PRIMARY KEY,
  name        text NOT NULL CHECK (length(trim(name)) > 0),
  name_key    text NOT NULL UNIQUE,
  population  integer NOT NULL CHECK (population >= 1),
  province_id text NOT NULL REFERENCES provinces(id),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX entities_province_idx ON entities(province_id);

CREATE TABLE entity_municipalities (
  entity_id       integer NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
  municipality_id text NOT NULL REFERENCES municipalities(id),
  PRIMARY KEY (entity_id, municipality_id)
);
CREATE INDEX entity_municipalities_municipality_idx ON entity_municipalities(municipality_id);

CREATE TABLE users (
  id            serial PRIMARY KEY,
  email         text NOT NULL CHECK (position('@' in email) > 1),
  name          text NOT NULL DEFAULT '',
  role          smallint NOT NULL CHECK (role BETWEEN 0 AND 4),
  password_hash text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE user_entities (
  user_id   integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  entity_id integer NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, entity_id)
);
CREATE INDEX user_entities_entity_idx ON user_entities(entity_id);

-- Axes, policies, measures and competences are shared by editions, so that editions compare by category.
CREATE TABLE categories (
  id   serial PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('axis', 'policy', 'measure', 'competence')),
  code text NOT NULL,
  text text NOT NULL,
  UNIQUE (type, code)
);

CREATE TABLE editions (
  id              serial PRIMARY KEY,
  campaign_number integer NOT NULL UNIQUE,
  title           text NOT NULL,
  imported_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE indicators (
  id            serial PRIMARY KEY,
  edition_id    integer NOT NULL REFERENCES editions(id) ON DELETE CASCADE,
  code          text NOT NULL,
  text          text NOT NULL,
  axis_id       integer NOT NULL REFERENCES categories(id),
  policy_id     integer NOT NULL REFERENCES categories(id),
  measure_id    integer NOT NULL REFERENCES categories(id),
  competence_id integer REFERENCES categories(id),
  position      integer NOT NULL,
  UNIQUE (edition_id, code)
);

CREATE TABLE subindicators (
  id           serial PRIMARY KEY,
  indicator_id integer NOT NULL REFERENCES indicators(id) ON DELETE CASCADE,
  code         text NOT NULL,
  text         text NOT NULL,
  type         text NOT NULL CHECK (type IN ('single', 'multiple')),
  position     integer NOT NULL,
  UNIQUE (indicator_id, code)
);

CREATE TABLE responses (
  id              serial PRIMARY KEY,
  subindicator_id integer NOT NULL REFERENCES subindicators(id) ON DELETE CASCADE,
  code            text NOT NULL,
  text            text NOT NULL,
  value           double precision NOT NULL CHECK (value >= 0),
  obsolete        boolean NOT NULL DEFAULT false,
  position        integer NOT NULL,
  UNIQUE (subindicator_id, code)
);

CREATE TABLE campaigns (
  id         serial PRIMARY KEY,
  entity_id  integer NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
  edition_id integer NOT NULL REFERENCES editions(id),
  status     text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'draft', 'sent')),
  created_at timestamptz NOT NULL DEFAULT now(),
  start_date timestamptz,
  end_date   timestamptz,
  UNIQUE (entity_id, edition_id)
);
CREATE INDEX campaigns_edition_status_idx ON campaigns(edition_id, status);

CREATE TABLE answers (
  campaign_id     integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  subindicator_id integer NOT NULL REFERENCES subindicators(id),
  response_ids    integer[] NOT NULL CHECK (cardinality(response_ids) >= 1),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (campaign_id, subindicator_id)
);

-- Points and percentage of a campaign per group, stored at submission (scope 'total' has category_id 0).
CREATE TABLE campaign_scores (
  campaign_id integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  scope       text NOT NULL CHECK (scope IN ('total', 'axis', 'policy', 'measure')),
  category_id integer NOT NULL,
  value       double precision NOT NULL,
  max_value   double precision NOT NULL,
  percentage  double precision NOT NULL,
  PRIMARY KEY (campaign_id, scope, category_id)
);
CREATE INDEX campaign_scores_group_idx ON campaign_scores(scope, category_id);

-- Codes and refresh tokens are stored only as SHA-256 hashes.
CREATE TABLE refresh_token_families (
  id            uuid PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id     text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  revoked_at    timestamptz,
  revoke_reason text
);
CREATE INDEX refresh_token_families_user_idx ON refresh_token_families(user_id);

CREATE TABLE authorization_codes (
  code_hash      text PRIMARY KEY,
  user_id        integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id      text NOT NULL,
  redirect_uri   text NOT NULL,
  code_challenge text NOT NULL,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz,
  family_id      uuid REFERENCES refresh_token_families(id) ON DELETE SET NULL
);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  family_id  uuid NOT NULL REFERENCES refresh_token_families(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  retired_at timestamptz
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens(family_id);

CREATE TABLE share_links (
  id          uuid PRIMARY KEY,
  campaign_id integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  created_by  integer REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX share_links_campaign_idx ON share_links(campaign_id);

-- No foreign keys: the trail outlives the users and entities it mentions.
CREATE TABLE audit_log (
  id          bigserial PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  actor_id    integer,
  actor_email text,
  action      text NOT NULL,
  target_type text,
  target_id   text,
  details     jsonb,
  request_id  text
);
CREATE INDEX audit_log_at_idx ON audit_log(at);
`;
