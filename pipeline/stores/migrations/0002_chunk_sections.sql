-- Where a chunk stands: its page's title and, for primary statements, which one (cash_flow | income | balance).
-- Lets retrieval go straight to the statement a metric is printed in. Existing rows are backfilled from the
-- context line every chunk starts with (the same anchored patterns as pipeline/tables.py).
ALTER TABLE chunks ADD COLUMN section text NOT NULL DEFAULT '';
ALTER TABLE chunks ADD COLUMN statement text;
UPDATE chunks SET section = left(regexp_replace(split_part(text, E'\n', 1), '\s*\([^()]*\)$', ''), 200);
UPDATE chunks SET statement = CASE
    WHEN length(section) > 80 THEN NULL
    WHEN section ~* '(statements? of (consolidated )?cash flows?|cash flows? statements?)\s*(\((continued|unaudited)\)\s*)*$'
        THEN 'cash_flow'
    WHEN section ~* '(statements? of (consolidated )?(income|operations|earnings)|income statements?|statements? of (consolidated )?comprehensive (income|earnings))\s*(\((continued|unaudited)\)\s*)*$'
        THEN 'income'
    WHEN section ~* '(balance sheets?|statements? of (consolidated )?financial position)\s*(\((continued|unaudited)\)\s*)*$'
        THEN 'balance'
    ELSE NULL END;
CREATE INDEX chunks_statement_idx ON chunks (company, fiscal_year, statement) WHERE statement IS NOT NULL;
