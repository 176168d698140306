"""Corpus: the ingested documents and their status; upload any filing (what it is is read from the document and
shown for confirmation before ingest); ingest the corpus folder; the company registry, with corrections."""
from pathlib import Path

import pandas as pd
import streamlit as st

from app.components.resources import connect, current_principal, database_ready
from pipeline.core.access import AccessDenied

st.title("Corpus")
settings = database_ready()
me = current_principal()

from ingest.documents import DOC_TYPES, DocumentNameError, describe, evidence_summary, file_sha256, to_check  # noqa: E402
from pipeline.question.registry import learned_names  # noqa: E402
from pipeline.question.registry_sources import forget_cached, get_registry
from pipeline.stores import companies as company_store  # noqa: E402
from pipeline.stores import corpus  # noqa: E402

conn = connect()
try:
    docs = corpus.list_documents(conn)
    hashes = corpus.document_hashes(conn)
    registry = get_registry(conn=conn)
    conn.commit()
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
    df["FY"] = [d["fy_label"] or f"FY{d['fiscal_year']}" for d in docs]
    df["to check"] = [to_check(d.get("identity")) for d in docs]
    df["identified from"] = [evidence_summary(d.get("identity")) for d in docs]
    st.dataframe(df[["doc_id", "company", "fiscal_year", "FY", "doc_type", "currency", "scale", "to check", "pages",
                     "chunks", "status", "identified from", "ingested_at"]], hide_index=True, width="stretch")
    st.caption(f"{len(docs)} documents · {int(df['pages'].sum())} pages · {int(df['chunks'].sum())} chunks")
    flagged = [d for d in docs if to_check(d.get("identity"))]
    if flagged:
        st.warning(f"{len(flagged)} document(s) to check: " + "; ".join(
            f"{d['doc_id'][:24]}: {to_check(d.get('identity'))}" for d in flagged[:8])
                   + (" …" if len(flagged) > 8 else "") + ". Name a company under Companies below (rename it).")
else:
    st.info("Nothing is ingested yet. Upload filings below, ingest the corpus folder, or run `ara ingest` in a terminal.")

from app.components.figures import render_figures  # noqa: E402

render_figures(connect, docs)


def run_ingest(paths: list[Path], overrides: dict[str, dict] | None = None) -> None:
    from ingest.run import ingest_paths

    bar = st.progress(0.0, text="Starting…")
    try:
        results = ingest_paths(paths, settings, show_progress=False, overrides=overrides, by=me,
                               on_progress=lambda msg, f: bar.progress(min(1.0, f), text=msg))
    except AccessDenied as e:
        st.error(str(e), icon=":material/lock:")
        return
    bad = [r for r in results if r.status == "failed"]
    st.success(f"{sum(r.status in ('ingested', 'replaced') for r in results)} ingested, "
               f"{sum(r.status == 'unchanged' for r in results)} unchanged, {len(bad)} failed.")
    for r in results:
        if r.same_as:
            st.info(f"{r.path.name}: same as {r.same_as} (these bytes are held already; not stored twice).")
    for r in bad:
        st.error(f"{r.path.name}: {r.error}")
    skipped = [r.path.name for r in results if r.status == "not tried"]
    if skipped:
        st.warning(f"Stopped before {len(skipped)} file(s): {', '.join(skipped)}. Ingest again once the cause above "
                   "is fixed.")


can_write = me.can("corpus.write")
if not can_write:
    st.info(f"Uploading, ingesting and company edits need the admin role; you are {me.user_id} ({me.role}).",
            icon=":material/lock:")


def upload_and_ingest() -> None:
    st.subheader("Upload filings")
    st.caption("Drop any annual report, 10-K, 10-Q, 8-K or earnings release (PDF with a text layer). The company, "
               "period, type, currency and scale are read from the document; check them below before ingesting.")
    uploads = st.file_uploader("PDF filings", type=["pdf"], accept_multiple_files=True, label_visibility="collapsed")
    if uploads:
        folder = settings.data_dir / "uploads"
        folder.mkdir(parents=True, exist_ok=True)
        rows, paths, problems = [], [], []
        for f in uploads:
            target = folder / Path(f.name).name          # never a path from the client
            target.write_bytes(f.getvalue())
            cached = st.session_state.setdefault("detected", {})
            digest = file_sha256(target)
            if digest not in cached:
                try:
                    info = describe(target, registry)
                    cached[digest] = {"file": target.name, "company": "" if info.needs_naming else info.company,
                                      "fiscal_year": info.fiscal_year,
                                      "fy_label": info.fy_label, "doc_type": info.doc_type, "period": info.period,
                                      "currency": info.currency, "scale": info.scale,
                                      "new company": info.new_company is not None and not info.needs_naming,
                                      "identified from": info.evidence_summary(), "to check": to_check(info.record())}
                except (DocumentNameError, ValueError, OSError) as e:
                    cached[digest] = {"file": target.name, "error": str(e)}
            row = cached[digest]
            if "error" in row:
                problems.append(row)
                rows.append({"file": target.name, "company": "", "fiscal_year": None, "fy_label": "", "doc_type": "",
                             "period": "", "currency": "", "scale": "", "new company": False, "identified from": "",
                             "to check": row["error"]})
            else:
                rows.append(row)
            paths.append(target)
        for p in problems:
            st.warning(f"{p['file']}: {p['error']} You can enter what it is in the table.")
        from pipeline.question.labels import doc_label

        for r in rows:
            if not r.get("company") and "error" not in r:
                st.warning(f"{r['file']}: the company could not be read from the document; enter it in the table "
                           "(otherwise it is ingested as 'not detected' for you to name later).")
            if r.get("company"):
                new = " (new company: it will be added to the registry)" if r.get("new company") else ""
                st.markdown(f"**{r['file']}**: detected {doc_label(r['company'], r['fiscal_year'], r['doc_type'], None, r['fy_label'])}"
                            f" · {r['currency'] or 'currency ?'} {r['scale'] or 'scale ?'}{new}")
        edited = st.data_editor(
            pd.DataFrame(rows), hide_index=True, width="stretch", key="detected_table",
            disabled=["file", "new company", "identified from", "to check"],
            column_config={
                "doc_type": st.column_config.SelectboxColumn("doc_type", options=list(DOC_TYPES)),
                "scale": st.column_config.SelectboxColumn("scale", options=["", "units", "thousands", "millions", "billions"]),
                "fiscal_year": st.column_config.NumberColumn("fiscal_year", min_value=1990, max_value=2100, step=1,
                                                             format="%d")})
        if st.button("Ingest uploaded files", type="primary"):
            overrides = {}
            for r in edited.to_dict("records"):
                o = {k: r[k] for k in ("company", "fiscal_year", "doc_type", "period", "currency", "scale", "fy_label")
                     if r.get(k) not in (None, "") and not (isinstance(r.get(k), float) and pd.isna(r[k]))}
                if "fiscal_year" in o:
                    o["fiscal_year"] = int(o["fiscal_year"])
                overrides[r["file"]] = o
            run_ingest(paths, overrides)
            st.session_state.pop("detected", None)

    st.subheader("Ingest a folder")
    folder = settings.corpus_dir
    st.write(f"Corpus folder: `{folder}`" if folder else "No corpus folder configured (set ARA_CORPUS_DIR).")
    if folder and st.button("Ingest new and changed documents"):
        run_ingest([folder])


if can_write:
    upload_and_ingest()

st.subheader("Companies")
st.dataframe(pd.DataFrame([{"key": c.key, "name": c.name, "tickers": ", ".join(c.tickers),
                            "aliases": ", ".join(c.aliases), "FY end": c.fiscal_year_end, "origin": c.origin}
                           for c in registry.companies]), hide_index=True, width="stretch")
learned = learned_names(registry)
if learned:
    with st.expander(f"Names learned from the reports ({len(learned)})", icon=":material/sell:"):
        st.caption("What each company is also called, read from its own report at ingest (its abbreviation, listing "
                   "code, former name, trading name or brand), with the page and words it was read from. A question "
                   "naming any of them finds that company; drop a wrong one with `ara companies edit COMPANY "
                   "--remove-alias NAME`.")
        st.dataframe(pd.DataFrame(learned)[["company", "name", "kind", "document", "page", "wording"]],
                     hide_index=True, width="stretch")
if can_write:
    with st.form("edit_company"):
        st.caption("Correct a company: its documents follow a new name; the old name stays an alias.")
        names = [c.name for c in registry.companies]
        who = st.selectbox("Company", names)
        new_name = st.text_input("New name (leave empty to keep)")
        alias = st.text_input("Add an alias")
        ticker = st.text_input("Add a ticker")
        merge_into = st.selectbox("Or merge it into", ["(no merge)", *names])
        if st.form_submit_button("Save"):
            c = connect()
            try:
                if merge_into != "(no merge)":
                    company_store.merge(c, merge_into, who, by=me)
                else:
                    company_store.edit(c, who, name=new_name or None, add_aliases=[alias] if alias else [],
                                       add_tickers=[ticker] if ticker else [], by=me)
                c.commit()
                forget_cached()
                st.success("Saved.")
                st.rerun()
            except (company_store.RegistryEditError, AccessDenied) as e:
                st.error(str(e))
            finally:
                c.close()
