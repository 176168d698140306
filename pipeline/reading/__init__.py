"""Reading a report's tables: page text -> table rows -> columns -> facts.

Owns the table parser (`tables`; the rows and page it returns, `page_table`; a line's label and value cells and a
printed figure's number, `cells`; the statement a page's title names, `statement_titles`), column headings and
periods (`columns`), segment columns printed side by side (`segment_columns`), the facts extracted from every
statement row (`facts`) and counts stated in tables (`counts`). May import `pipeline.question.analysis` (units, periods, terms) and `pipeline.settings`; never the stores,
the graph, the nodes, `app/` or `evals/` (the facts rebuild, `pipeline/retrieval/facts_rebuild.py`, imports this package and hands its facts to the store).
"""
