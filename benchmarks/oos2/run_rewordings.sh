#!/bin/bash
# Runs rewordings.tsv (re-wordings written to isolate a failure class) like run_singles.sh.
cd /work/wt-oos2
while IFS=$'\t' read -r id co fy q; do
  [ -s /tmp/oos2-out/$id.json ] && continue
  ARA_DATA_DIR=/tmp/oos-data ARA_CACHE_ENABLED=false .venv/bin/ara ask --user oos2 --json "$q" > /tmp/oos2-out/$id.json 2>/tmp/oos2-out/$id.err
done < benchmarks/oos2/rewordings.tsv
echo finished
