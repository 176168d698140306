"""Corpus: what is ingested, and an ingest button with progress."""
import pandas as pd
import streamlit as st

from app.components.resources import connect, database_ready

st.title("Corpus")
settings = database_ready()

from pipeline.stores import corpus  # noqa: E402

conn = connect()
try:
    docs = corpus.list_documents(conn)
finally:
    conn.close()

if docs:
    df = pd.DataFrame(docs)[["doc_id", "company", "fiscal_year", "doc_type", "pages", "chunks", "ingested_at"]]
    st.dataframe(df, hide_index=True, width="stretch")
    st.caption(f"{len(docs)} documents · {int(df['pages'].sum())} pages · {int(df['chunks'].sum())} chunks")
else:
    st.info("Nothing is ingested yet. Ingest the demo corpus below, or run `ara ingest` in a terminal.")

folder = settings.corpus_dir
st.subheader("Ingest")
st.write(f"Corpus folder: `{folder}`" if folder else "No corpus folder configured (set ARA_CORPUS_DIR).")
if folder and st.button("Ingest new and changed documents", type="primary"):
    from ingest.run import ingest_paths

    bar = st.progress(0.0, text="Starting…")
    results = ingest_paths([folder], settings, show_progress=False,
                           on_progress=lambda msg, f: bar.progress(min(1.0, f), text=msg))
    bad = [r for r in results if r.status == "failed"]
    st.success(f"{sum(r.status in ('ingested', 'replaced') for r in results)} ingested, "
               f"{sum(r.status == 'unchanged' for r in results)} unchanged, {len(bad)} failed.")
    for r in bad:
        st.error(f"{r.path.name}: {r.error}")
