#!/bin/bash
# Run every single question once; one JSON reply per line in replies.jsonl.
cd "$(dirname "$0")/../.."
export ARA_DATA_DIR=/tmp/both-data2 ARA_CACHE_ENABLED=false
: > benchmarks/oos5/replies.jsonl
while IFS=$'\t' read -r id co fy q; do
  .venv/bin/ara ask --json --user oos5 "$q" 2>/dev/null | .venv/bin/python -c "
import json,sys
r=json.load(sys.stdin)
print(json.dumps({'id':sys.argv[1],'thread':'','question':sys.argv[2],'answer':r.get('answer',''),'citations':r.get('citations',[]),'route':r.get('route')}))" "$id" "$q" >> benchmarks/oos5/replies.jsonl
done < benchmarks/oos5/singles.tsv
