"""Evaluation dashboard: runs and baselines from `ara eval` - a candidate against a chosen baseline."""
import json

import pandas as pd
import plotly.express as px
import streamlit as st

from app.components.resources import connect

st.title("Evaluation dashboard")
conn = connect()
try:
    runs = conn.execute("SELECT id, name, mode, is_baseline, git_commit, created_at, metrics, cases FROM eval_runs "
                        "ORDER BY created_at DESC LIMIT 200").fetchall()
finally:
    conn.close()
if not runs:
    st.info("No evaluation runs yet. Run `ara eval --mode real --save-baseline main`, then `ara eval --mode real`.")
    st.stop()

cols = ["id", "name", "mode", "is_baseline", "git_commit", "created_at", "metrics", "cases"]
df = pd.DataFrame(runs, columns=cols)
label = lambda r: f"{r['name']} · {r['mode']} · {r['git_commit']} · {r['created_at']:%Y-%m-%d %H:%M}"  # noqa: E731
options = {int(r["id"]): label(r) for _, r in df.iterrows()}
baselines = [int(r["id"]) for _, r in df.iterrows() if r["is_baseline"]] or list(options)
c1, c2 = st.columns(2)
cand_id = c1.selectbox("Candidate run", list(options), format_func=options.get)
base_id = c2.selectbox("Baseline", baselines, format_func=options.get)
cand, base = df[df.id == cand_id].iloc[0], df[df.id == base_id].iloc[0]

rows = []
for suite in sorted(set(cand.metrics) | set(base.metrics)):
    for which, run in (("baseline", base), ("candidate", cand)):
        m = run.metrics.get(suite, {})
        rows.append({"suite": suite, "run": which, "pass rate": m.get("pass_rate", 0.0)})
fig = px.bar(pd.DataFrame(rows), x="suite", y="pass rate", color="run", barmode="group", range_y=[0, 1.05],
             title="Per-suite pass rate: candidate vs baseline")
st.plotly_chart(fig, width="stretch")

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
