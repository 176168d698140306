"""Corpus: the ingested documents and their status; ingest new PDFs (upload or folder) with a progress bar."""
from pathlib import Path

import pandas as pd
import streamlit as st

from app.components.resources import connect, database_ready

st.title("Corpus")
settings = database_ready()

from ingest.documents import file_sha256  # noqa: E402
from pipeline.stores import corpus  # noqa: E402

conn = connect()
try:
    docs = corpus.list_documents(conn)
    hashes = corpus.document_hashes(conn)
finally:
    conn.close()


def status(d: dict) -> str:
    p = Path(d["source_path"])
    if not p.exists():
        return "source missing"
    return "up to date" if file_sha256(p) == hashes.get(d["doc_id"]) else "changed since ingest"


if docs:
    df = pd.DataFrame(docs)
    df["status"] = [status(d) for d in docs]
    st.dataframe(df[["doc_id", "company", "fiscal_year", "doc_type", "pages", "chunks", "status", "ingested_at"]],
                 hide_index=True, width="stretch")
    st.caption(f"{len(docs)} documents · {int(df['pages'].sum())} pages · {int(df['chunks'].sum())} chunks")
else:
    st.info("Nothing is ingested yet. Ingest the demo corpus below, or run `ara ingest` in a terminal.")


from app.components.figures import render_figures  # noqa: E402

render_figures(connect, docs)


def run_ingest(paths: list[Path]) -> None:
    from ingest.run import ingest_paths

    bar = st.progress(0.0, text="Starting…")
    results = ingest_paths(paths, settings, show_progress=False,
                           on_progress=lambda msg, f: bar.progress(min(1.0, f), text=msg))
    bad = [r for r in results if r.status == "failed"]
    st.success(f"{sum(r.status in ('ingested', 'replaced') for r in results)} ingested, "
               f"{sum(r.status == 'unchanged' for r in results)} unchanged, {len(bad)} failed.")
    for r in bad:
        st.error(f"{r.path.name}: {r.error}")


st.subheader("Upload PDFs")
st.caption("Name files COMPANY_PERIOD_TYPE.pdf (e.g. BOEING_2023_10K.pdf) for a company in the registry.")
uploads = st.file_uploader("PDF filings", type=["pdf"], accept_multiple_files=True, label_visibility="collapsed")
if uploads and st.button("Ingest uploaded files", type="primary"):
    folder = settings.data_dir / "uploads"
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for f in uploads:
        target = folder / Path(f.name).name          # never a path from the client
        target.write_bytes(f.getvalue())
        paths.append(target)
    run_ingest(paths)

st.subheader("Ingest a folder")
folder = settings.corpus_dir
st.write(f"Corpus folder: `{folder}`" if folder else "No corpus folder configured (set ARA_CORPUS_DIR).")
if folder and st.button("Ingest new and changed documents"):
    run_ingest([folder])
