"""Reading a question: which companies, periods, measures and units it asks for.

Owns the question's analysis (`analysis`: companies, years, the asked measure, the kind of answer), the period words
(`periods`), stemming and synonym classes (`terms`), the metric and topic lexicons (`lexicon`, `topics`, data in
`pipeline/data/`), the standard line-item groups a measure may be printed as (`line_vocabulary`), scale and currency
words (`units`), the labels documents are cited by (`labels`), the company registry the question's names are
resolved against (`registry`; where it is read from, `registry_sources`), a figure question as the facts lookup
reads it (`figure_ask`: the measure and qualifiers) and the clean-up of pasted user text (`user_text`). May import
`pipeline.settings` and `pipeline.stores`; never the graph, the nodes, the answerers, `app/` or `evals/`.
"""
