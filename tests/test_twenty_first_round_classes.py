"""Classes found by the twenty-first rounds (made-up report pages, round 21; made-up whole reports, round 14) and by
the refusals left from earlier rounds, written by helpers who never read the code. The companies, names, wording
and figures here are made up again."""
from __future__ import annotations

import dataclasses
import re

from pipeline.memory.carryover import carry_over, facts_for
from pipeline.question.registry import Company, Registry
from pipeline.retrieval.fact_match import FactMatch
from tests.stored_facts import answer_of, facts_of



def _value(question: str, pages: list[list[str]], company: str = "Perdita", year: int | None = None) -> str | None:
    year = year or int(re.findall(r"20\d\d", question)[-1])
    facts = [dataclasses.replace(f, company=company) for f in facts_of(["\n".join(p) for p in pages])]
    hit = answer_of(question, facts, company, year)
    return hit.fact.value_printed if isinstance(hit, FactMatch) else None


COVERAGE = {"Tumbaga Copper": [2071], "Harrowfell Retail": [2071]}


def test_a_name_one_held_companys_reports_print_as_its_mine_opens_a_thread_about_that_company():
    parts = {("Tumbaga Copper", "Quebrada Alta")}
    part_of = lambda company, name: (company, name) in parts   # noqa: E731 - what the filings print, as a fake
    co = carry_over("How big was the Quebrada Alta impairment in FY71?", [], COVERAGE, part_of)
    assert co.companies == ["Tumbaga Copper"] and co.parts == ["Quebrada Alta"]
    assert "quebrada alta" in facts_for(co).text.lower()          # the part stays in the words the lookup reads
    # a name no held company prints as its part, or one two companies print, is nobody's
    assert carry_over("Kestrel Mining revenue 2071?", [], COVERAGE, part_of).companies == []
    both = lambda company, name: name == "Quebrada Alta"         # noqa: E731
    assert carry_over("Quebrada Alta revenue 2071?", [], COVERAGE, both).companies == []
    # written as a company, it is a company not held, whatever another's reports print
    assert carry_over("Quebrada Alta Inc revenue 2071?", [], COVERAGE, part_of).companies == []
    assert carry_over("How big was the Quebrada Alta impairment in FY71?", [], COVERAGE).companies == []   # no filings


def test_a_names_first_two_words_name_it_when_only_it_goes_by_them():
    reg = Registry([Company(key="VDA", name="Vale Dourado Alimentos S.A."),
                    Company(key="RBK", name="Royal Bank of Tasmania"),
                    Company(key="GNI", name="General National Industries Inc."),
                    Company(key="OG1", name="Orion Gold Mining Ltd"), Company(key="OG2", name="Orion Gold Royalties")])
    assert [c.key for c in reg.find_companies(reg.spell_out("Did Vale Dourado declare interest on equity?"))] == ["VDA"]
    assert [c.key for c in reg.find_companies(reg.spell_out("Who is Vale Dourado's CFO?"))] == ["VDA"]
    assert [c.key for c in reg.find_companies(reg.spell_out("Royal Bank CET1 ratio 2071"))] == ["RBK"]
    # the pair followed by another name's word is that other company; two ordinary words or a shared pair name no one
    assert reg.find_companies(reg.spell_out("Royal Bank of Scotland CET1 ratio 2071")) == []
    assert reg.find_companies(reg.spell_out("Vale Dourado Group revenue")) == []
    assert reg.find_companies(reg.spell_out("General National revenue")) == []
    assert reg.find_companies(reg.spell_out("Orion Gold revenue 2071")) == []


# a segment matrix whose column names are stacked a word per line, named in the note's own prose
STACKED = ["Marlowe Basin Energy Corporation", "NOTES TO FINANCIAL STATEMENTS", "14. SEGMENTS",
           "Our reportable segments are Water Utility and Power Generation. Other includes the parent company.",
           "Year Ended December 31, 2061", "Water Power", "(in millions) Utility Generation Other Eliminations Total",
           "Operating revenues 1,210 806 41 (17) 2,040", "Capital expenditures 402 233 9 — 644",
           "Year Ended December 31, 2060", "Water Power", "(in millions) Utility Generation Other Eliminations Total",
           "Operating revenues 1,150 771 38 (15) 1,944", "Capital expenditures 388 201 7 — 596"]


def test_a_segment_header_stacked_a_word_per_line_names_its_columns_when_the_note_prints_the_names():
    facts = facts_of(["\n".join(STACKED)])
    by = {(f.label_path, f.fiscal_year): f.value_printed for f in facts}
    assert by[("Power Generation › Capital expenditures", 2060)] == "201"
    assert by[("Water Utility › Operating revenues", 2061)] == "1,210"
    assert by[("Capital expenditures", 2061)] == "644"          # the total column is the company's
    assert _value("Power Generation capex in 2061?", [STACKED], "Marlowe Basin Energy") == "233"
    # names the prose does not print cannot be composed: which columns the upper words stand over is unknown
    unnamed = [ln.replace("Water Utility and Power Generation", "two businesses") for ln in STACKED]
    assert not any("›" in f.label_path for f in facts_of(["\n".join(unnamed)]))
