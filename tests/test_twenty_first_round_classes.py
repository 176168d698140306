"""Classes found by the twenty-first rounds (made-up report pages, round 21; made-up whole reports, round 14) and by
the refusals left from earlier rounds, written by helpers who never read the code. The companies, names, wording
and figures here are made up again."""
from __future__ import annotations

from pipeline.memory.carryover import carry_over, facts_for
from pipeline.question.registry import Company, Registry

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
