#!/bin/bash
# Runs each conversation of threads.txt (id|turn1|turn2|...) as one thread, cache off, user oos2.
cd /work/wt-oos2
A="env ARA_DATA_DIR=/tmp/oos-data ARA_CACHE_ENABLED=false .venv/bin/ara ask --user oos2 --json"
while IFS='|' read -r id rest; do
  IFS='|' read -ra turns <<< "$rest"
  tid="oos2-$id-$(date +%s)"
  n=1
  for t in "${turns[@]}"; do
    $A --thread "$tid" "$t" > /tmp/oos2-out/${id}_$n.json 2>/tmp/oos2-out/${id}_$n.err
    n=$((n+1))
  done
done < benchmarks/oos2/threads.txt
echo finished
