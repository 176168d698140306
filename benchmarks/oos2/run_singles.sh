#!/bin/bash
# Runs each single question of singles.tsv through `ara ask --json`, one process per question, cache off.
cd /work/wt-oos2
while IFS=$'\t' read -r id co fy q; do
  [ -s /tmp/oos2-out/$id.json ] && continue
  ARA_DATA_DIR=/tmp/oos-data ARA_CACHE_ENABLED=false .venv/bin/ara ask --user oos2 --json "$q" > /tmp/oos2-out/$id.json 2>/tmp/oos2-out/$id.err
done < benchmarks/oos2/singles.tsv
echo finished
