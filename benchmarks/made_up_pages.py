"""Made-up report pages: reading and matching on layouts and wordings no shared filing has.

Helpers who never read the code wrote fictional companies' statement pages as a PDF's text layer gives them (UK,
Australian, Hong Kong, Japanese, German, Bermudan, Canadian, Singaporean, New Zealand, Swiss, Dutch, South African,
Irish, Indian, Korean, Brazilian, Swedish, French, Taiwanese, Malaysian, Mexican, Spanish, Chinese, Chilean, Thai,
Danish, Norwegian, Israeli, Italian, Philippine, Saudi, Polish, Turkish, Portuguese, Finnish, Indonesian, Nigerian,
Colombian, Austrian, Pakistani, Greek, Belgian, Vietnamese, Egyptian, Kenyan, Peruvian, Moroccan, Romanian, Kuwaiti,
Hungarian, Bangladeshi, Qatari, Ghanaian, Jamaican, Mauritian, Kazakh, Sri Lankan, Omani, Croatian, Irish, Slovenian, Botswanan, Argentine, Estonian, Zambian, Nepali, Nigerian, Chilean and
Mexican (in Spanish), Polish (in Polish), Norwegian, Fijian, Bahraini, Lithuanian, Jordanian, Ugandan, Chilean (bilingual), Israeli,
Dutch, Papua New Guinean, Moroccan, Croatian (bilingual), Georgian, Cambodian (US$ with a KHR'000 translation), Namibian,
Egyptian, Slovenian (bilingual), Kuwaiti, Ivorian (SYSCOHADA, French with English), Mongolian, Tanzanian (Group and Company), Tunisian (in French), Japanese J-GAAP, Barbadian, Faroese and Mozambican (in Portuguese) reports; US banks, card issuers, insurers, REITs, utilities, retailers, software, partnerships, airlines, chip makers, health
insurers, telecoms, restaurants, pharma, asset managers, homebuilders, medical devices, oil and gas, conglomerates,
packaged food, semiconductor equipment, trucking, cable, defense, specialty chemicals, a small-cap manufacturer, railroads,
water utilities, insurance brokers, BDCs, life science tools, self-storage, aircraft lessors, title insurers,
timber REITs, for-profit educators, cruise lines, payments processors, regional airlines, tobacco, funeral services, P&C insurers, franchisors, midstream partnerships, biotechs, crop insurers, waste services, aggregates, staffing firms, oilfield services, bank holding companies, a regional airline, a semiconductor equipment maker, a short-line railroad and a specialty chemicals maker, a bus maker, a mortgage servicer, a ski resort operator and a greeting-card maker), with analyst questions and the printed cell that
answers each (or REFUSE where the pages do not print it). `evals/sets/made_up_pages/`: rounds 1 to 52 (`r1_*` ..
`r52_*`). Each set was out-of-sample when first run; the rules fixed on it since make it in-sample (the section below
keeps the first-run numbers apart).

A question is read by the lexicon and the figure ask and answered by the facts lookup over the pages' facts (no
database, no retrieval, no identification: the company is given with its short names, the report's year as the
company names it). Graded against the printed cell: the same figure with or without its brackets or unit suffix.

    python -m benchmarks.made_up_pages [-v]
"""
from __future__ import annotations

import dataclasses
import json
import re
import sys
from pathlib import Path

from pipeline.question import shorthand
from pipeline.question.analysis import QuestionFacts
from pipeline.question.figure_ask import read_ask
from pipeline.question.lexicon import get_lexicon
from pipeline.question.registry import Company, bare_name
from pipeline.retrieval.fact_match import FactMatch, choose
from tests.stored_facts import stored_facts

from benchmarks.report import machine, markdown_table, write_section

SETS = Path(__file__).resolve().parent.parent / "evals" / "sets" / "made_up_pages"
_LEGAL = {"plc", "limited", "ltd", "inc", "co", "ag", "nv", "n.v.", "l.p.", "corporation", "corp", "incorporated",
          "company", "the", "and", "&", "holdings", "group"}


def _company(name: str) -> Company:
    """The company as identification registers it: its name and the short names an analyst uses."""
    words = [w.strip(",.") for w in name.split()]
    short = [w for w in words if w.lower() not in _LEGAL]
    aliases = {" ".join(short[:k]) for k in range(1, len(short) + 1)} | {" ".join(words[:k]) for k in range(1, len(words))}
    return Company(key="k", name=name, aliases=tuple(sorted(a for a in aliases if a)))


def _same(got: str, want: str) -> bool:
    def norm(v: str) -> str:
        v = re.sub(r"[\s$£€¥]", "", v).replace("−", "-").replace("–", "-").lower().rstrip("*")   # ("6.25*": a footnote)
        v = re.sub(r"^[△▲]", "-", v)                   # a Japanese minus ("△2,912")
        v = re.sub(r"(?<=\d)x$", "", v)                 # ("0,82x": a multiple, as the reader reads "0.82")
        v = re.sub(r",(\d{1,2})\)?$", r".\1", v)      # a decimal comma ("0,81") as the reader reads it
        v = re.sub(r"^(\d{1,3})/(\d{3})$", r"\1.\2", v)     # dinars and fils ("0/239": JD 0.239)
        v = re.sub(r"(?<=\d)[.,](?=\d{3}(?:[.,]\d{3})*(?:\.\d+)?\)?$)", "", v)   # thousands set apart by a dot or comma
        return re.sub(r"(?<=\d)(p|c|cents?|sen|%)$", "", v).strip("()-+")     # ("95.3%" printed as the rate "95.3")
    return norm(got) == norm(want)


def grade(path: Path) -> list[tuple[str, str, str]]:
    """(question, grade, what was answered) of one set file; grade: correct | refused-right | refused | incorrect."""
    d = json.loads(path.read_text(encoding="utf-8"))
    # (a US company's pages as identification files them: a 10-K)
    facts = stored_facts(["\n".join(p) for p in d["pages"]], d.get("doc_fy", 0), "10K" if "_us_" in path.name else "ANNUAL",
                         as_ingested=True)
    company = _company(d["company"])
    # (whose facts they are, as identification files them: the name without its legal form)
    facts = [dataclasses.replace(f, company=bare_name(d["company"])) for f in facts]
    out = []
    for q in d["questions"]:
        text = shorthand.spell(q["q"], {w.lower() for w in company.aliases})     # (as analyse reads a question)
        metrics = get_lexicon().find(text)
        qf = QuestionFacts(text=text, companies=[company], years=[q["year"]], metrics=metrics)
        hit = choose(read_ask(text, qf, metrics[0] if metrics else None),
                     [f for f in facts if f.fiscal_year == q["year"]], ["d"])
        if isinstance(hit, FactMatch):
            ok = q["expect"] != "REFUSE" and _same(hit.fact.value_printed, q["expect"])
            out.append((q["q"], "correct" if ok else "incorrect", f"{hit.fact.label_path} = {hit.fact.value_printed}"))
        else:
            out.append((q["q"], "refused-right" if q["expect"] == "REFUSE" else "refused", hit.reason))
    return out


def _sets() -> list[tuple[str, str]]:
    """(row name, file pattern) per round and kind, in round order: `rN_us_*` US 10-Ks, the rest non-US reports."""
    rounds = sorted({int(re.match(r"r(\d+)_", p.name).group(1)) for p in SETS.glob("r*_*.json")})
    return [(f"round {n}, {kind}", f"r{n}_{pat}_*.json") for n in rounds
            for kind, pat in (("non-US reports", "[!u]*"), ("US 10-Ks", "us"))]


def main(argv: list[str]) -> None:
    rows, wrong = [], []
    for name, pattern in _sets():
        counts = {"correct": 0, "incorrect": 0, "refused": 0, "refused-right": 0}
        for path in sorted(SETS.glob(pattern)):
            for question, g, said in grade(path):
                counts[g] += 1
                if g == "incorrect" or "-v" in argv and g == "refused":
                    wrong.append([path.stem, question, g, said[:120]])
        n = sum(counts.values())
        rows.append([name, n, counts["correct"], counts["incorrect"], counts["refused"], counts["refused-right"],
                     f"{100 * (counts['correct'] + counts['refused-right']) / n:.0f} %"])
    table = markdown_table(["set", "questions", "correct", "incorrect", "refused (printed)", "refused (not printed)",
                            "right"], rows)
    print(table)
    if wrong:
        print(markdown_table(["file", "question", "grade", "answered"], wrong))
    write_section("made-up-pages", f"## Made-up report pages (`benchmarks/made_up_pages.py`)\n\n{machine()}\n\n"
                  f"{table}\n\nIn-sample since the rules were fixed on them; first-run (out-of-sample) numbers are in "
                  "the hand-written section \"Out-of-sample rounds on made-up pages\".")


if __name__ == "__main__":
    main(sys.argv[1:])
