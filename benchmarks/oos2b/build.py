"""Round 2b: builds benchmarks/oos2b/replies.jsonl (the replies of bb548e4, from /tmp/oos2b-out/ID.json) and
benchmarks/labels/oos2b.jsonl (one line per single question / conversation turn of oos2). A reply whose text
(before the 'I read ...' page list) is the same as round 2's keeps round 2's grade (benchmarks/oos2/grades.tsv);
every changed reply was graded by hand on the page (benchmarks/oos2b/changed_grades.tsv). Prints the counts."""
import collections, json, pathlib, re
root = pathlib.Path(__file__).resolve().parents[1]
old, new = root / 'oos2', root / 'oos2b'
out = pathlib.Path('/tmp/oos2b-out')

def norm(a):
    return re.sub(r'\s+', ' ', a.split('I read ')[0]).strip()

def tsv(p):
    return {l.split('\t')[0]: l.split('\t')[1:] for l in p.read_text().splitlines() if l.strip()}

prev_grades, changed = tsv(old / 'grades.tsv'), tsv(new / 'changed_grades.tsv')
prev_replies = {json.loads(l)['id']: json.loads(l) for l in open(old / 'replies.jsonl')}
questions = [(i, None, q) for i, co, fy, q in (l.split('\t') for l in (old / 'singles.tsv').read_text().splitlines())]
for line in (old / 'threads.txt').read_text().splitlines():
    tid, *turns = line.split('|')
    questions += [(f'{tid}_{n}', f'{tid}/{n}', q) for n, q in enumerate(turns, 1)]
counts = collections.Counter()
with open(new / 'replies.jsonl', 'w') as rf, open(root / 'labels' / 'oos2b.jsonl', 'w') as lf:
    for qid, thread, q in questions:
        r = json.loads((out / f'{qid}.json').read_text())
        rf.write(json.dumps({'id': qid, 'commit': 'bb548e4', 'route': r['route'], 'confidence': r['confidence'],
                             'answer': r['answer'], 'citations': [[c['doc'], c['page']] for c in r['citations']],
                             'row_path': (r.get('figure') or {}).get('row_path'),
                             'column': (r.get('figure') or {}).get('column'),
                             'steps': [[s['node'], s['decision'], s['reason']] for s in r['steps']]}) + '\n')
        pg, preason, pev = prev_grades[qid]
        same = norm(r['answer']) == norm(prev_replies[qid]['answer'])
        if same:
            grade, reason, ev = pg, 'same reply as round 2: ' + preason, pev
        else:
            grade, reason, ev = changed[qid]
        assert same != (qid in changed), qid
        lf.write(json.dumps({'id': qid, 'thread': thread, 'question': q, 'answer': r['answer'][:300],
                             'grade': grade, 'previous_grade': pg, 'changed': not same, 'reason': reason,
                             'evidence_page': None if ev == 'null' else ev}) + '\n')
        kind = 'single' if thread is None else 'turn'
        counts[kind, grade] += 1; counts[kind, 'prev', pg] += 1
        counts['moves', pg, grade] += 1
for kind in ('single', 'turn'):
    print(kind, {g: (counts[kind, g], counts[kind, 'prev', g]) for g in
                 ('correct', 'incorrect', 'refused-but-present', 'refused-correctly')})
print({k[1:]: v for k, v in counts.items() if k[0] == 'moves' and k[1] != k[2]})
