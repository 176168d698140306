"""Evaluation dashboard: quality (correct / incorrect / refused per run, company and question type, each case's
answer one click away) and regressions (a candidate `ara eval` run against a chosen baseline)."""
import json

import pandas as pd
import plotly.express as px
import streamlit as st

from app.components.render import safe_markdown
from app.components.resources import connect, current_principal

OUTCOME_COLOURS = {"correct": "#2e7d32", "incorrect": "#c62828", "refused": "#f9a825", "ungraded": "#9e9e9e"}
OUTCOMES = list(OUTCOME_COLOURS)

st.title("Evaluation dashboard")
if not current_principal().can("evaluation.read"):     # the navigation offers it to reviewers and admins only
    st.info("The evaluation dashboard is for reviewers and admins.")
    st.stop()
conn = connect()
try:
    from evals import baselines as committed_baselines

    runs = committed_baselines.dashboard_runs(conn)    # the database's runs, then the baselines committed in git
finally:
    conn.close()
if not runs:
    st.info("No evaluation runs yet. Run `ara eval quality` (FinanceBench, graded and conversation sets through "
            "the whole turn graph) or `ara eval --mode real --baseline main` (the regression suites against the "
            "committed baseline). To keep a run as a baseline, save it under a new name: `ara eval --mode real "
            "--save-baseline my-run`.")
    st.stop()

df = pd.DataFrame(runs)


def run_label(r) -> str:
    flag = " · committed baseline" if r.get("committed") else (" · baseline" if r["is_baseline"] else "")
    return f"{r['name']} · {r['mode']}{flag} · {r['git_commit']} · {r['created_at']:%Y-%m-%d %H:%M}"


quality_tab, regression_tab = st.tabs(["Quality", "Regressions"])

# --- quality ---------------------------------------------------------------------------------------------------
with quality_tab:
    qruns = df[df["mode"] == "quality"]
    if qruns.empty:
        st.info("No quality runs yet: `ara eval quality` runs the FinanceBench sets and the conversation suite "
                "through the whole turn graph and grades every answer.")
    else:
        rows = []
        for _, r in qruns.iterrows():
            for suite, m in r["metrics"].items():
                for o in OUTCOMES:
                    rows.append({"run": run_label(r), "suite": suite, "outcome": o, "cases": m.get(o, 0)})
        st.plotly_chart(px.bar(pd.DataFrame(rows), x="run", y="cases", color="outcome", facet_col="suite",
                               color_discrete_map=OUTCOME_COLOURS, category_orders={"outcome": OUTCOMES},
                               title="Outcomes per run and suite"), width="stretch")
        qopts = {int(r["id"]): run_label(r) for _, r in qruns.iterrows()}
        qid = st.selectbox("Run", list(qopts), format_func=qopts.get, key="quality_run")
        run = qruns[qruns.id == qid].iloc[0]
        st.subheader("Per set")
        st.dataframe(pd.DataFrame([{"set": k, "cases": v["n"], **{o: v.get(o, 0) for o in OUTCOMES}}
                                   for k, v in sorted(run["metrics"].items())]), hide_index=True, width="stretch")
        by_type: dict = {}
        for c in run["cases"]:
            row = by_type.setdefault((c["suite"], c["question_type"]), dict.fromkeys(OUTCOMES, 0))
            row[c["outcome"]] = row.get(c["outcome"], 0) + 1
        with st.expander("Per set and question type"):
            st.dataframe(pd.DataFrame([{"set": k[0], "question type": k[1], **v} for k, v in sorted(by_type.items())]),
                         hide_index=True, width="stretch")
        suites = sorted(run["metrics"])
        suite = st.segmented_control("Suite", suites, default=suites[0], key="quality_suite") or suites[0]
        m = run["metrics"][suite]
        cols = st.columns(5)
        cols[0].metric("cases", m["n"])
        for c, o in zip(cols[1:], OUTCOMES):
            c.metric(o, m.get(o, 0))
        left, right = st.columns(2)
        for col, key, title in ((left, "by_company", "Per company"), (right, "by_type", "Per question type")):
            per = pd.DataFrame([{"group": g, "outcome": o, "cases": v.get(o, 0)}
                                for g, v in m.get(key, {}).items() for o in OUTCOMES])
            if not per.empty:
                col.plotly_chart(px.bar(per, y="group", x="cases", color="outcome", orientation="h", title=title,
                                        color_discrete_map=OUTCOME_COLOURS, category_orders={"outcome": OUTCOMES}),
                                 width="stretch")
        cases = [c for c in run["cases"] if c["suite"] == suite]
        table = pd.DataFrame([{"outcome": c["outcome"], "id": c["id"], "company": c["company"],
                               "type": c["question_type"], "question": c["question"][:120],
                               "answer": c["answer"][:120], "detail": c["detail"], "ms": c["latency_ms"]}
                              for c in cases])
        st.subheader("Cases")
        st.caption("Click a row to read its question, gold answer and the product's answer in full.")
        picked = st.dataframe(table, hide_index=True, width="stretch", on_select="rerun",
                              selection_mode="single-row", key=f"quality_cases_{qid}_{suite}")
        sel = picked.selection.rows if picked and picked.selection else []
        if sel:
            c = cases[sel[0]]
            with st.container(border=True):
                st.markdown(f"**{safe_markdown(c['id'])}** · {c['company']} · {c['question_type']} · "
                            f"**{c['outcome']}** ({safe_markdown(c['detail'])})")
                st.markdown("**Question:** " + safe_markdown(c["question"]))
                st.markdown("**Gold:** " + safe_markdown(c["gold"]))
                st.markdown("**Answer:** " + safe_markdown(c["answer"] or "(no answer)"))
                if c.get("citations"):
                    st.caption("Cited: " + "; ".join(c["citations"]))

# --- regressions -------------------------------------------------------------------------------------------------
with regression_tab:
    rruns = df[df["mode"] != "quality"]
    if rruns.empty:
        st.info("No regression runs yet: `ara eval --mode real --baseline main`.")
        st.stop()
    options = {int(r["id"]): run_label(r) for _, r in rruns.iterrows()}
    baselines = [int(r["id"]) for _, r in rruns.iterrows() if r["is_baseline"]] or list(options)
    c1, c2 = st.columns(2)
    cand_id = c1.selectbox("Candidate run", list(options), format_func=options.get)
    base_id = c2.selectbox("Baseline", baselines, format_func=options.get)
    cand, base = rruns[rruns.id == cand_id].iloc[0], rruns[rruns.id == base_id].iloc[0]

    rows = []
    for suite in sorted(set(cand.metrics) | set(base.metrics)):
        for which, r in (("baseline", base), ("candidate", cand)):
            rows.append({"suite": suite, "run": which, "pass rate": r.metrics.get(suite, {}).get("pass_rate", 0.0)})
    st.plotly_chart(px.bar(pd.DataFrame(rows), x="suite", y="pass rate", color="run", barmode="group",
                           range_y=[0, 1.05], title="Per-suite pass rate: candidate vs baseline"), width="stretch")

    base_cases = {c["id"]: c for c in base.cases}
    flips = []
    for c in cand.cases:
        b = base_cases.get(c["id"])
        if b is None:
            continue
        rank_b, rank_c = (b.get("metrics") or {}).get("rank"), (c.get("metrics") or {}).get("rank")
        if b["passed"] and not c["passed"]:
            change = "regressed" if c["suite"] != "retrieval" else "lost"
        elif not b["passed"] and c["passed"]:
            change = "improved" if c["suite"] != "retrieval" else "found"
        elif rank_b and rank_c and rank_c != rank_b:
            change = "improved" if rank_c < rank_b else "regressed"
        else:
            continue
        flips.append({"case": c["id"], "suite": c["suite"], "change": change, "detail": c["detail"]})
    st.subheader("Per-case flips")
    if flips:
        order = {"lost": 0, "regressed": 1, "found": 2, "improved": 3}
        st.dataframe(pd.DataFrame(sorted(flips, key=lambda f: order[f["change"]])), hide_index=True, width="stretch")
    else:
        st.success("No case changed between the baseline and the candidate.")

    lat = pd.DataFrame([{"suite": c["suite"], "latency ms": c["latency_ms"], "model calls": c.get("model_calls", 0),
                         "tokens": c.get("tokens", 0), "cost USD": c.get("cost_usd", 0.0)} for c in cand.cases])
    st.plotly_chart(px.box(lat, x="suite", y="latency ms", points="all", title="Latency per case (candidate)"),
                    width="stretch")
    st.subheader("Cost")
    st.dataframe(lat.groupby("suite")[["model calls", "tokens", "cost USD"]].sum().reset_index(), hide_index=True,
                 width="stretch")
    st.caption("Per case: " + (f"{lat['model calls'].mean():.1f} model calls, {lat['tokens'].mean():.0f} tokens, "
                               f"${lat['cost USD'].mean():.5f}" if len(lat) else "no cases"))
    with st.expander("Raw metrics"):
        st.code(json.dumps({"candidate": cand.metrics, "baseline": base.metrics}, indent=2), language="json")
