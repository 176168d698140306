#!/bin/bash
# Re-runs the wrong answers and the R1 (company-name) refusals on the current checkout, against a COPY of the
# database (/tmp/oos2-data-main) so that a facts-version rebuild never touches the shared /tmp/oos-data.
cd /work/wt-oos2
mkdir -p /tmp/oos2-out-main
A="env ARA_DATA_DIR=/tmp/oos2-data-main ARA_CACHE_ENABLED=false .venv/bin/ara ask --user oos2main --json"
ids="q016 q041 q050 q052 q069 q075 q100 q101 q104 q108 q109 q120 v07 v08 v09 v13 v21 v22 v26 v27 q003 q005 q006 q033 q034 q038 q039 q040 q065 q067 q071 q127 q128"
for id in $ids; do
  q=$(grep -P "^$id\t" benchmarks/oos2/singles.tsv benchmarks/oos2/rewordings.tsv -h | cut -f4)
  $A "$q" > /tmp/oos2-out-main/$id.json 2>/tmp/oos2-out-main/$id.err
done
grep -E '^(c03|c04|c07|c08|c09|c11)\|' benchmarks/oos2/threads.txt | while IFS='|' read -r id rest; do
  IFS='|' read -ra turns <<< "$rest"; tid="oos2main-$id-$(date +%s)"; n=1
  for t in "${turns[@]}"; do $A --thread "$tid" "$t" > /tmp/oos2-out-main/${id}_$n.json 2>/tmp/oos2-out-main/${id}_$n.err; n=$((n+1)); done
done
echo finished
