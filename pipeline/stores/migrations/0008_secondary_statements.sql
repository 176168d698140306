-- Guarantor, cross-guarantee, parent-only and condensed-consolidating statements repeat the primary statements'
-- titles and line items for a subset of the group. They are not the company's statements: untag them so the
-- statement locator and the figure lookup prefer the consolidated ones (same patterns as pipeline/tables.py).
UPDATE chunks c SET statement = NULL
FROM pages p
WHERE p.doc_id = c.doc_id AND p.page = c.page AND c.statement IS NOT NULL
  AND array_to_string((regexp_split_to_array(p.text, E'\r?\n'))[1:8], E'\n')
      ~* '(deed of cross guarantee|guarantor|condensed consolidating|parent company only|condensed financial information of (the )?registrant|schedule i\y|obligor group)';

-- Answers cached before this change may have taken a figure from a secondary statement: drop them all.
DELETE FROM semantic_cache;
