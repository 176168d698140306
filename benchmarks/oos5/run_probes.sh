#!/bin/bash
# Extra class probes (not counted): oos4 follow-up classes, segment headlines, quotes.
cd "$(dirname "$0")/../.."
export ARA_DATA_DIR=/tmp/both-data2 ARA_CACHE_ENABLED=false
: > benchmarks/oos5/probe_replies.jsonl
while IFS='|' read -r tid rest; do
  IFS='|' read -ra turns <<< "$rest"; th=""; n=0
  for q in "${turns[@]}"; do
    n=$((n+1))
    if [ -z "$th" ]; then out=$(.venv/bin/ara ask --json --user oos5 --new-thread "$q" 2>/dev/null)
    else out=$(.venv/bin/ara ask --json --user oos5 --thread "$th" "$q" 2>/dev/null); fi
    th=$(echo "$out" | .venv/bin/python -c "import json,sys; print(json.load(sys.stdin).get('thread_id',''))")
    echo "$out" | .venv/bin/python -c "
import json,sys
r=json.load(sys.stdin)
print(json.dumps({'id':sys.argv[1],'question':sys.argv[2],'answer':r.get('answer',''),'citations':r.get('citations',[])}))" "$tid.$n" "$q" >> benchmarks/oos5/probe_replies.jsonl
  done
done < benchmarks/oos5/probes.txt
