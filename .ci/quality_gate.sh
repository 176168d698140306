#!/usr/bin/env bash
# The quality gate (called by .ci/run; `make quality-baseline` records its baseline the same way).
#   bash .ci/quality_gate.sh            ingest the three dev corpora, gate against evals/baselines/quality.json
#   bash .ci/quality_gate.sh --record   ingest, then re-record evals/baselines/quality.json (review the diff)
# The database persists in ARA_DATA_DIR between steps: files already ingested are skipped (sha256), so a second
# run only grades. The two extra corpora are ingested in parallel (two processes on one database, different
# companies); a corpus whose parallel ingest failed is ingested again alone before grading.
set -euo pipefail
cd "$(dirname "$0")/.."
ARA=.venv/bin/ara
t0=$(date +%s)
"$ARA" ingest --quiet                                   # the demo corpus (skipped when already ingested)
"$ARA" ingest --quiet ../shared/corpus-more/pdfs & more=$!
"$ARA" ingest --quiet ../shared/corpus-world/pdfs & world=$!
wait $more || "$ARA" ingest --quiet ../shared/corpus-more/pdfs
wait $world || "$ARA" ingest --quiet ../shared/corpus-world/pdfs
t1=$(date +%s)
echo "quality gate: ingest of the three corpora took $((t1 - t0)) s"
if [ "${1:-}" = "--record" ]; then
  "$ARA" eval quality --name quality --save-baseline quality --overwrite
else
  "$ARA" eval quality --name ci-quality --baseline quality
fi
echo "quality gate: grading took $(( $(date +%s) - t1 )) s"
