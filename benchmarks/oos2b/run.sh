#!/bin/bash
# Re-runs the oos2 singles and conversations on this checkout (cache off, user oos2b, DB copy /tmp/oos2b-data)
# and writes the raw replies to /tmp/oos2b-out/ID.json (one fresh thread per conversation).
cd /work/wt-oos2b
O=/tmp/oos2b-out; mkdir -p $O
A="env ARA_DATA_DIR=/tmp/oos2b-data ARA_CACHE_ENABLED=false .venv/bin/ara ask --user oos2b --json"
while IFS=$'\t' read -r id co fy q; do
  [ -s $O/$id.json ] && continue
  $A "$q" > $O/$id.json 2>$O/$id.err
done < benchmarks/oos2/singles.tsv
while IFS='|' read -r id rest; do
  IFS='|' read -ra turns <<< "$rest"
  tid="oos2b-$id-$(date +%s)"; n=1
  for t in "${turns[@]}"; do
    $A --thread "$tid" "$t" > $O/${id}_$n.json 2>$O/${id}_$n.err
    n=$((n+1))
  done
done < benchmarks/oos2/threads.txt
echo finished
