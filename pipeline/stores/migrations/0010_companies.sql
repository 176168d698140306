-- The company registry lives here (seeded from the bundled companies.toml and ARA_REGISTRY_FILE, grown by ingest,
-- corrected by `ara companies edit` and the Corpus page). Documents record what they themselves say: the period's
-- end date, the company's own fiscal-year label, and the reporting currency and scale of their statements.
CREATE TABLE companies (
    key              text PRIMARY KEY,            -- stable id (upper-case, no spaces)
    name             text NOT NULL UNIQUE,        -- display name: the `company` value of documents and chunks
    legal_name       text NOT NULL DEFAULT '',
    tickers          text[] NOT NULL DEFAULT '{}',
    aliases          text[] NOT NULL DEFAULT '{}',
    fiscal_year_end  text NOT NULL DEFAULT '12-31',
    sector           text NOT NULL DEFAULT '',
    file_number      text NOT NULL DEFAULT '',    -- SEC commission file number: same registrant under any name
    origin           text NOT NULL DEFAULT 'ingest',  -- bundled | file | ingest | edit
    updated_at       timestamptz NOT NULL DEFAULT now()
);

-- Bumped on every registry change, so each process can tell cheaply whether its cached registry is stale.
CREATE TABLE registry_version (
    id       integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    version  bigint NOT NULL DEFAULT 0
);
INSERT INTO registry_version (id, version) VALUES (1, 0);

ALTER TABLE documents ADD COLUMN currency text NOT NULL DEFAULT '';
ALTER TABLE documents ADD COLUMN scale text NOT NULL DEFAULT '';
ALTER TABLE documents ADD COLUMN period_end date;
ALTER TABLE documents ADD COLUMN fy_label text NOT NULL DEFAULT '';
