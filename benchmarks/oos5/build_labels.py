"""Join replies, hand grades and question metadata into benchmarks/labels/oos5.jsonl (one line per question/turn)."""
import json
from pathlib import Path

here = Path(__file__).parent
meta = {}
for name in ("singles.tsv", "thread_meta.tsv"):
    for line in (here / name).read_text().splitlines():
        parts = line.split("\t")
        meta[parts[0]] = (parts[1], parts[2])
grades = {}
for line in (here / "grades.tsv").read_text().splitlines():
    gid, grade, reason, page = (line.split("\t") + [""] * 4)[:4]
    grades[gid] = (grade, reason, page)
out = []
for name in ("replies.jsonl", "thread_replies.jsonl"):
    for line in (here / name).read_text().splitlines():
        r = json.loads(line)
        company, fy = meta[r["id"]]
        grade, reason, page = grades[r["id"]]
        out.append({"id": r["id"], "thread": r.get("thread", ""), "question": r["question"],
                    "company": company, "fy": fy, "answer": r["answer"][:300], "grade": grade,
                    "reason": reason, "evidence_page": page})
dest = here.parent / "labels" / "oos5.jsonl"
dest.parent.mkdir(exist_ok=True)
dest.write_text("".join(json.dumps(o, ensure_ascii=False) + "\n" for o in out))
print(f"{len(out)} labels -> {dest}")
