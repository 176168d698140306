-- Every table row of every page as facts: one row per (table row x value column), with the row's parent headings,
-- the column resolved to a period and the filing's own fiscal year, the value as printed and parsed, its scale,
-- kind and currency. Derived from the stored page texts (pipeline/facts.py), so it can be rebuilt without the PDF
-- whenever the table parser changes (index_meta 'facts_version').
CREATE TABLE facts (
    id            bigserial PRIMARY KEY,
    doc_id        text NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    page          integer NOT NULL,              -- 1-based
    line_no       integer NOT NULL,
    table_title   text NOT NULL DEFAULT '',
    statement     text,                          -- income | balance | cash_flow for primary statements
    secondary     boolean NOT NULL DEFAULT false,-- guarantor / parent-only / cross-guarantee / condensed consolidating
    label         text NOT NULL,
    label_path    text NOT NULL,                 -- "Revenues › Non-interest revenues › Discount revenue"
    column_header text NOT NULL,
    period_end    date,
    period_year   integer,
    fiscal_year   integer,                       -- the filing's own FY label for that column
    span          text,                          -- year | three months | six months | quarter | 52 weeks ...
    qualifiers    text NOT NULL DEFAULT '',      -- other column qualifiers (convenience currency, change)
    value_printed text NOT NULL,
    value         numeric,
    scale         text,                          -- thousand | million | billion | NULL
    kind          text NOT NULL,                 -- money | per_share | percent | count | number
    currency      text,
    tsv           tsvector GENERATED ALWAYS AS (to_tsvector('english', label_path || ' ' || table_title)) STORED
);
CREATE INDEX facts_doc_fy_idx ON facts (doc_id, fiscal_year);
CREATE INDEX facts_tsv_idx ON facts USING gin (tsv);

-- Answers cached before figures came from the facts table were chosen by other rules: drop them.
DELETE FROM semantic_cache;
