-- Report corpus: documents, their page texts, and page-bounded chunks with dense vectors.
CREATE TABLE index_meta (
    key   text PRIMARY KEY,
    value text NOT NULL
);

CREATE TABLE documents (
    doc_id       text PRIMARY KEY,          -- file stem, e.g. 3M_2018_10K
    company      text NOT NULL,
    ticker       text NOT NULL DEFAULT '',
    fiscal_year  integer NOT NULL,
    doc_type     text NOT NULL,             -- 10K, 10Q, 8K, EARNINGS, ...
    period       text NOT NULL,             -- 2018, 2023Q2, ...
    source_path  text NOT NULL,
    sha256       text NOT NULL,
    pages        integer NOT NULL,
    chunks       integer NOT NULL,
    embed_model  text NOT NULL,
    ingested_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE pages (
    doc_id  text NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    page    integer NOT NULL,               -- 1-based, as a PDF viewer numbers it
    text    text NOT NULL,
    PRIMARY KEY (doc_id, page)
);

CREATE TABLE chunks (
    id           bigserial PRIMARY KEY,
    doc_id       text NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    company      text NOT NULL,
    fiscal_year  integer NOT NULL,
    doc_type     text NOT NULL,
    page         integer NOT NULL,
    ord          integer NOT NULL,          -- position within the page
    text         text NOT NULL,             -- statement rows normalised to "label | 2018: v | 2017: v"
    embedding    vector NOT NULL            -- dimension recorded in index_meta; one model per index
);
CREATE INDEX chunks_scope_idx ON chunks (company, fiscal_year);
CREATE INDEX chunks_doc_idx ON chunks (doc_id, page);
