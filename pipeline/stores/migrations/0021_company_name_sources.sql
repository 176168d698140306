-- Where the registry learned each name and ticker of a company that ingest read from a report (its own
-- abbreviation, listing code, former or trading name): {"name": "abbreviation: '...' (doc p. 3)"}. Shown with the
-- company so an analyst can see why a question naming it finds it; `ara companies edit --remove-alias` drops one.
ALTER TABLE companies ADD COLUMN name_sources jsonb NOT NULL DEFAULT '{}'::jsonb;
