-- Keyword search in Postgres, so no process ever rebuilds a whole-corpus BM25 index (issue #15). Each chunk's
-- terms are the keyword tokeniser's own (pipeline/retrieval/keyword.py: case folded, "1,577" -> "1577", PP&E, stemmed,
-- question filler words dropped), stored as a tsvector whose positions give each term's frequency, plus the
-- chunk's term count (its BM25 document length). Ingest writes both; chunks stored before this migration are
-- tokenised once, by the first process that searches (pipeline/stores/keyword.py), never per process.
ALTER TABLE chunks ADD COLUMN terms tsvector;
ALTER TABLE chunks ADD COLUMN terms_len integer;
CREATE INDEX chunks_terms_idx ON chunks USING gin (terms);
CREATE INDEX chunks_terms_pending_idx ON chunks (id) WHERE terms IS NULL;
