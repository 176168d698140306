-- How each document was identified (ingest/identify.py): per field the evidence (how, page, line) and a
-- confidence, the flags the user should act on ("company not detected: name it"), and the currency and scale
-- each statement page prints (facts take a page's own unit before the document's).
ALTER TABLE documents ADD COLUMN IF NOT EXISTS identity jsonb NOT NULL DEFAULT '{}'::jsonb;
