-- Which extraction rules a document's facts were built by lives on the document's own row, so that replacing or
-- deleting the document drops it with the document (the 'facts:<doc>' keys in index_meta outlived a replaced
-- row: an interrupted re-ingest left a document with no facts that every later check called current).
-- A document carried over keeps its mark only when it has facts; one with none is rebuilt once from its pages.
ALTER TABLE documents ADD COLUMN IF NOT EXISTS facts_version text;
UPDATE documents d SET facts_version = m.value FROM index_meta m
 WHERE m.key = 'facts:' || d.doc_id AND EXISTS (SELECT 1 FROM facts f WHERE f.doc_id = d.doc_id);
DELETE FROM index_meta WHERE key LIKE 'facts:%';
-- A file's bytes are held once (ingest reports a copy under another name as "same as ..."); looked up by hash.
CREATE INDEX IF NOT EXISTS documents_sha256_idx ON documents (sha256);
