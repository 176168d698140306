-- The semantic cache records which code answered (pipeline.version.code_version()): an entry written by older
-- answering rules is never returned by newer ones (a fixed wrong figure must not come back from the cache).
ALTER TABLE semantic_cache ADD COLUMN IF NOT EXISTS answered_by text NOT NULL DEFAULT '';
DELETE FROM semantic_cache WHERE answered_by = '';
