-- Embedding reuse at ingest (issue #12): each chunk records the key of the text its vector was computed from
-- (sha256 over the embedding model, its token limit and the figure-free text the model saw; ingest/vectors.py).
-- Ingest embeds only texts whose key is not already in the index: running headers, repeated table headings and
-- boilerplate within a filing and across a company's years, and every chunk of a re-ingested (--force or changed)
-- filing whose text did not change. Chunks stored before this migration have no key and are simply not reused.
ALTER TABLE chunks ADD COLUMN embed_key bytea;
CREATE INDEX chunks_embed_key_idx ON chunks (embed_key) WHERE embed_key IS NOT NULL;
