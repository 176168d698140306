"""Builds benchmarks/labels/oos2.jsonl from the questions (singles.tsv, threads.txt, rewordings.tsv), the saved
`ara ask --json` replies (/tmp/oos2-out/ID.json) and the hand grades (grades.tsv: id, grade, reason, evidence)."""
import json, pathlib
here = pathlib.Path(__file__).parent
out_dir = pathlib.Path('/tmp/oos2-out')
grades = {}
for line in (here / 'grades.tsv').read_text().splitlines():
    if line.strip():
        gid, grade, reason, ev = line.split('\t')
        grades[gid] = (grade, reason, None if ev == 'null' else ev)
rows = []
def answer(qid):
    try:
        return json.loads((out_dir / f'{qid}.json').read_text())['answer'][:300]
    except Exception:
        return None
for name in ('singles.tsv', 'rewordings.tsv'):
    p = here / name
    if not p.exists():
        continue
    for line in p.read_text().splitlines():
        qid, co, fy, q = line.split('\t')
        rows.append((qid, None, q, co, fy))
meta = {}
if (here / 'thread_meta.tsv').exists():
    for line in (here / 'thread_meta.tsv').read_text().splitlines():
        tid, co, fy = line.split('\t')
        meta[tid] = (co, fy)
for line in (here / 'threads.txt').read_text().splitlines():
    tid, *turns = line.split('|')
    for n, q in enumerate(turns, 1):
        co, fy = meta.get(f'{tid}_{n}', (None, None))
        rows.append((f'{tid}_{n}', f'{tid}/{n}', q, co, fy))
with open(here.parent / 'labels' / 'oos2.jsonl', 'w') as f:
    for qid, thread, q, co, fy in rows:
        if qid not in grades:
            continue
        grade, reason, ev = grades[qid]
        f.write(json.dumps({'id': qid, 'thread': thread, 'question': q,
                            'company': None if co in (None, 'None') else co,
                            'fy': None if fy in (None, 'None') else int(fy),
                            'answer': answer(qid), 'grade': grade, 'reason': reason,
                            'evidence_page': ev}) + '\n')
print(sum(1 for _ in open(here.parent / 'labels' / 'oos2.jsonl')), 'labels')
