-- Every chunk carries its company's ticker too (doc, company, ticker, fiscal year, doc type, page).
ALTER TABLE chunks ADD COLUMN ticker text NOT NULL DEFAULT '';
UPDATE chunks c SET ticker = d.ticker FROM documents d WHERE d.doc_id = c.doc_id;
