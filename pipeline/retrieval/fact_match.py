"""The facts lookup: which table row and column of a filing answer the figure a question asks for.

The question is read (`pipeline/question/figure_ask.py`) as a measure (a lexicon metric, when the analyst's words
name one, else the question's own content words) plus qualifiers: every other content word (a segment or division,
free, gross, diluted, per share, operating, adjusted, ...). A row answers only when its label path, table title
and column header cover the measure and every qualifier; nothing else is ever presented as the answer. Rows are then
ranked: primary statements over notes (and over guarantor / parent-only statements, unless asked), the filing of the
asked year over later ones, fewest words the question did not ask for.

When nothing covers the question the lookup says so and names the closest lines, which the answer offers as
follow-ups. Deliberately not a model: the match is explained by the words it covered."""
from __future__ import annotations

import re
from functools import lru_cache

from pipeline.core import bilingual
from pipeline.question import line_vocabulary, set_aside, terms
from pipeline.reading import basis_columns
from pipeline.question.periods import YEARS_PRINTED_BACK
from pipeline.question.codes import code_named
from pipeline.question.figure_ask import DIVIDEND, Ask, asks_a_count, asks_non_gaap, stems
from pipeline.question.year_parts import ends_the_year
from pipeline.question.lexicon import fold
from pipeline.question.paraphrase import includes_minorities
from pipeline.retrieval import (attribution, balance_dates, combined_rows, dividend_parts, entity_columns, eps_basis,
                                facts_rebuild, metric_rows, owed, payments, rate_rows, row_currency, row_fit, row_headings,
                                turn_lookups, year_part_columns)
from pipeline.retrieval.match_result import FactMatch, NoMatch, closest_text, distinct_pages, distinct_rows  # noqa: F401 (re-exported)
from pipeline.retrieval.measure_named import names_measure, qualified_line
from pipeline.retrieval.row_words import BARE_BASIS, heading_total, row_stems, said_whole, without_own_name
from pipeline.retrieval.per_part import per_part_rows
from pipeline.question.tax_side import tax_side
from pipeline.stores import corpus, filings as filings_store
from pipeline.stores.facts import StoredFact

_FLOWS_HEADING = re.compile(r"(?i)\bcash\s+flows?\s+(?:from|used|provided)|\b(?:investing|financing|operating)\s+activities\b")
_BALANCE_SAID = re.compile(r"(?i)\b(?:at|end|beginning|closing|opening|balance)\b")     # "Cash ... at 30 June"
_AVERAGE = re.compile(r"(?i)\baverage\b")
_OTHER = re.compile(r"(?i)(?<!and )\bother\b")
_NET_OF_CLAUSE = re.compile(r"(?i),?\s*\b(?:net\s+of|less|excluding|after\s+deducting)\b")
_NET_OF_ITS = re.compile(r"(?i),\s*net\b|\bnet\s+of\b|\(net\)|\bnet\s*$")   # ("Receivables, net"; never "Net assets")
# a row that is the deduction itself ("Less: allowance for credit losses", "Allowance for credit losses"), not the
# line net of it ("Loans, net", "Loans, less allowance for credit losses")
_DEDUCTION = re.compile(r"(?i)^\s*less\b|^(?!.*\b(?:net|less|before|pre|excluding)\b)")
_MOVEMENT = row_headings.MOVEMENT


def _own_stems(label: str) -> set[str]:
    """A label's stems, "operating" kept apart from "operations" (one stem otherwise): "Operating result from
    discontinued operations" (a cash flow line) is not "result from discontinued operations" said whole."""
    return set(stems(re.sub(r"(?i)\boperating\b", "operatingline", label)))


@lru_cache(maxsize=1)
def _modifier_stems() -> set[str]:
    return set(stems("operating net gross total other current non-current adjusted basic diluted consolidated core underlying"))


@lru_cache(maxsize=1)
def _generic_stems() -> set[str]:     # words any line may hold: a row must name one of the asked words beyond them
    return _modifier_stems() | set(stems("costs expenses amount balance"))      # ("Beginning balance" names no line)


def vocabulary_link(ask: Ask, label: str, label_path: str = "") -> line_vocabulary.Link | None:
    """The standard label group that makes the row's own `label` the asked measure in other words ("cost of goods
    sold" asked, "Cost of revenue" printed), or None. The asked words are the measure's longest span that is a
    group label; the question's other words stay qualifiers the row must cover. A row under a heading of the same
    group ("Cost of revenue › Cost of goods sold") is a component of that line, never linked; neither is a label
    the asked metric excludes."""
    if ask.metric is not None and ask.metric.excludes(label):
        return None
    vocab = line_vocabulary.get_vocabulary()
    parents = [p.strip() for p in label_path.split("\u203a")[:-1]]
    for span in _asked_spans(ask):
        link = vocab.link(span, label)
        if link is None:
            continue
        group = {line_vocabulary.words(lab) for lab in link.group.labels}
        if any(line_vocabulary.words(p) in group for p in parents):
            return None
        return link
    return None


def _asked_spans(ask: Ask) -> list[str]:
    """The asked measure's spans that are standard group labels; a lexicon metric asked by a term the groups do not
    hold ("COGS") is asked by its own label too ("cost of sales"): the hand lexicon already made them one."""
    vocab = line_vocabulary.get_vocabulary()
    out = vocab.spans(ask.measure)
    if ask.metric is not None:
        out += [s for s in vocab.spans(fold(ask.metric.label)) if s not in out]
    return out


def _search_terms(ask: Ask) -> list[str]:
    out = list(ask.hard) + list(ask.soft)
    if ask.metric is not None:
        out += [w for t in ask.metric.terms for w in re.findall(r"[a-z]{3,}", t.lower())]
        for p in ask.metric.line_items:
            out += re.findall(r"[a-z]{4,}", p.pattern.lower())
    else:
        out += ask.measure.split()
        # (a count of people asked in one word, "headcount", printed in another: the workforce's synonyms too)
        out += [w for h in ask.hard if terms.same_people(h, "employees") for w in terms.synonyms_of(h)]
    vocab = line_vocabulary.get_vocabulary()
    for span in _asked_spans(ask):               # the same line printed in the standard group's other words
        out += [w for lab in vocab.other_labels(span) for w in re.findall(r"[a-z]{3,}", lab.lower())]
    return [t for t in out if t not in ("and", "the", "for", "net", "total", "from")]


def documents_for(conn, company: str, year: int, filings: list | None = None) -> list[tuple[str, int, bool]]:
    """(doc_id, fiscal_year, annual) of the company's filings that can print `year`'s figures, best first
    (`filings`: the company's `stores.filings.of_company`, when the caller already read them)."""
    rows = (corpus.filings_between(conn, company, year, year + YEARS_PRINTED_BACK) if filings is None
            else filings_store.between(filings, year, year + YEARS_PRINTED_BACK))
    out = [(d, fy, t.upper().replace("-", "") in ("10K", "20F", "40F", "ANNUAL", "AR")) for d, fy, t in rows]
    return sorted(out, key=lambda r: (r[1] != year, not r[2], r[1]))


def find(conn, ask: Ask, company: str, year: int, *, secondary_ok: bool = False,
         docs: list[tuple[str, int, bool]] | None = None, current: bool = False) -> FactMatch | NoMatch:
    """The row x column of the company's filings that answers `ask` for fiscal year `year` (`docs`: the
    `documents_for` of that company and year, when the caller already read them; `current`: the caller has
    brought their facts up to the current rules)."""
    key = (ask.question, ask.metric.key if ask.metric else None, ask.measure, tuple(ask.hard), tuple(ask.soft),
           ask.statement_hint, tuple(ask.measure_stems), company, year, secondary_ok)
    return turn_lookups.remembered(key, lambda: _find(conn, ask, company, year, secondary_ok, docs, current))


def _find(conn, ask: Ask, company: str, year: int, secondary_ok: bool, docs, current: bool) -> FactMatch | NoMatch:
    docs = documents_for(conn, company, year) if docs is None else docs
    if not docs:
        return NoMatch(ask.measure, [], f"no filing of {company} covers FY{year}")
    cands = facts_rebuild.search(conn, doc_ids=[d for d, _, _ in docs], fiscal_years=[year], terms=_search_terms(ask),
                                 current=current)
    return choose(ask, cands, [d for d, _, _ in docs], secondary_ok=secondary_ok)


def _whole_year(span: str | None) -> bool:
    """A year's span: "year", or a retailer's "52 weeks" / "53 weeks" (never a half or a quarter asked)."""
    return span == "year" or bool(span and re.fullmatch(r"5[23] weeks", span))


def choose(ask: Ask, cands: list[StoredFact], doc_order: list[str], *, secondary_ok: bool = False
           ) -> FactMatch | NoMatch:
    """Pick the covering row among candidate facts (all of one fiscal year), best documents first in
    `doc_order` ("EPS" with no basis: basic where no diluted row is printed, `eps_basis`). Pure: no database. Rows
    printed in two languages that no label covers whole are matched, and quoted, by their English half."""
    found, views = None, [bilingual.in_english(f) for f in cands]
    for facts in (cands, views) if any(a is not b for a, b in zip(views, cands)) else (cands,):
        hit = _choose(ask, facts, doc_order, secondary_ok=secondary_ok)
        if isinstance(hit, NoMatch) and (basic := eps_basis.basic_instead(ask, facts)) is not None:
            hit = _choose(basic, facts, doc_order, secondary_ok=secondary_ok)
        if isinstance(hit, FactMatch):
            return hit
        found = found or hit
    return found


def _choose(ask: Ask, cands: list[StoredFact], doc_order: list[str], *, secondary_ok: bool) -> FactMatch | NoMatch:
    doc_rank = {d: i for i, d in enumerate(doc_order)}
    cands, parents = entity_columns.asked(ask, cands)     # the parent's own figure, or the group's, as asked
    secondary_ok = secondary_ok or parents
    whole = cands       # (every column: a quarter's is told by its row's year column, `year_part_columns`)
    cands = [f for f in cands if f.value is not None and (
                 ask.part_of_year and year_part_columns.fits(ask.part_of_year, f, whole) or
                 (f.span in (None, "year") or "week" in (f.span or "")) and
                 not (ask.part_of_year and not DIVIDEND.search(ask.question) and _whole_year(f.span) and
                      (f.statement != "balance" or not ends_the_year(ask.part_of_year))))
             and (f.kind != "percent" or rate_rows.wants_percent(ask, f)) and not row_fit.misread_row(f)
             and (f.kind != "multiple" or rate_rows.wants_multiple(ask, f))
             and (basis_columns.ADJUSTED_BASIS not in f.column_header or asks_non_gaap(ask.question))]
    asked = set(ask.hard) | set(ask.soft)
    if ask.metric is not None:
        asked |= set(stems(" ".join(ask.metric.terms)))
    per_part = per_part_rows(cands, set(ask.hard), row_stems)
    owners_asked, with_minorities = attribution.asks_owners_share(ask.question), includes_minorities(fold(ask.question))
    counting = bool(row_fit.COUNT_ASKED.search(ask.question)) or asks_a_count(ask.measure)
    distinct = [w for w in ask.hard if w not in _generic_stems()] or ask.hard     # the words a row must name itself
    total_said = bool(re.search(r"(?i)\btotal\b", ask.question))
    in_parts = total_said and row_fit.printed_in_parts(ask, cands)
    # (or where the statement prints its words only on one side, "Non-current liabilities › Interest-bearing
    # borrowings" beside "Current portion of ...": a note's "Total interest-bearing borrowings" is the whole)
    sided_parts = total_said and row_fit.on_one_side(ask, cands)
    required = row_fit.required_words(ask, cands, metric_rows.covers)
    asks_noncurrent = {"non", "current"} <= set(required) or bool(row_fit.NET_OF_CURRENT.search(ask.question)) or \
        "current" in required and bool(re.search(r"(?i)\bnon-?\s?current\b", ask.question))   # ("non" a term's word)
    balance_asked = ask.metric is not None and ask.metric.statement == "balance"     # (never a "Changes in ..." row)
    deducted = row_fit.current_deducted(cands) if asks_noncurrent or "current" in required else set()
    # (the currencies rows print by name, read once and only where a currency is asked: "in yen?"; the statements')
    sliced, own_currency = row_currency.currencies_printed(ask, cands)
    lines, ends = row_headings.balance_lines(cands), balance_dates.printed_ends(cands)
    # (the rows printing a line the question sets aside: ", not realized GP")
    aside_rows = set_aside.rows_set_aside(set(ask.set_aside), set(ask.measure_stems) | set(ask.hard), cands, row_stems)
    good: list[tuple[tuple, StoredFact, list[str], list[str]]] = []
    for f in cands:
        if f.secondary and not secondary_ok or ask.codes and not code_named(ask.codes, f.label_path):
            continue
        if ask.metric is not None and f.statement == "equity" and re.search(r"\bpaid\b", ask.metric.label) and \
                not re.search(r"(?i)\bpaid\b", f.label) and \
                (ask.statement_hint != "equity" or payments.SAYS_PAID.search(ask.question)):
            continue    # the equity statement prints the amount declared: it answers "paid" only when its row says so
        if payments.expense_for_a_payment(ask, f) or payments.payment_for_a_charge(ask, f):
            continue    # "interest paid" is never the expense, "how much was charged" never the cash paid
        row = row_stems(f)
        link = None
        own_line = ask.metric is None or metric_rows.covers(ask.metric, f, ask) or bool(ask.hard) and qualified_line(ask, f)
        if not own_line and not names_measure(ask, f):
            link = vocabulary_link(ask, f.label, f.label_path)
            if link is None:
                continue
        if ask.metric is None and (not ask.hard or set(ask.hard) <= _modifier_stems()):
            continue        # "at the operating level" names no line: "operating" is any operating line's word
        people = counting and f.kind == "count"       # ("staff" asked, "employees" printed: a count only)
        noncurrent = asks_noncurrent and row_fit.rest_of_current(f, deducted)
        if "current" in required and not asks_noncurrent and row_fit.rest_of_current(f, deducted):
            continue    # the current part asked: "Long-term debt, excluding current maturities" is the rest of it
        missing = [w for w in required if w not in row and not (w == "%" and f.kind == "percent") and not (
                   noncurrent and w in ("non", "current")) and not (people and
                   terms.same_people(w, f.label_path)) and not row_currency.own_currency_word(w, f.currency, sliced) and not
                   balance_dates.names_its_day(w, f, ask.question)]
        if missing and ask.metric is None:
            link = vocabulary_link(ask, f.label, f.label_path)
            if link is not None:
                missing = [w for w in missing if w not in set(stems(link.asked))]
        if missing:
            continue
        if row_fit.non_gaap(f) and not asks_non_gaap(ask.question):
            continue        # "Adjusted EBIT" is a non-GAAP measure: it answers only a question that asks for one
        if row_fit.kind_conflict(ask, f) or row_currency.currency_conflict(ask, f, own_currency) or balance_dates.another_date(ask, f, ends) or \
                row_headings.changes_measure(f, asked, ask.question) \
                or row_headings.another_segment(f, asked, ask) or row_fit.other_measure(ask, f, cands) or row_fit.part_of_total(ask, f) \
                or combined_rows.one_of_two_asked(ask, f) or owed.asset_for_owed(ask.question, f) or id(f) in aside_rows:
            continue
        if ask.metric is None and link is None and row_fit.only_in_compound(ask, f):
            continue        # "income" asked, "Profit before income tax" printed: the word names another measure there
        if None is not (tax_side(ask.question) or tax_side(ask.measure)) != tax_side(f.label_path) is not None:
            continue        # profit after tax is not profit before tax
        if owners_asked and tax_side(f.label) == "before" and tax_side(ask.question) is None:
            continue        # what is attributable to the owners is after tax ("Net return before taxation" is not)
        if dividend_parts.another_part(ask, f):
            continue        # one of the year's dividends is not the year's, nor the year's the one asked
        if ask.deducted and set(ask.deducted) & row and _DEDUCTION.search(f.label):
            continue        # "loans, net of allowance": the allowance row is what was deducted, not the loans
        if (set(stems(_NET_OF_CLAUSE.split(f.label)[0])) & terms.negated_stems()) - asked:
            continue        # "Total unrecognised deferred tax assets" is not the deferred tax assets asked (a label's
            #               "net of unamortized debt issuance costs" says what it is net of)
        if _OTHER.search(f.label) and not _OTHER.search(ask.question):
            continue        # "Other income" is never the income asked ("Trade and other receivables" is receivables)
        if _MOVEMENT.search(f.label_path if balance_asked and (not own_line or f.statement == "cash_flow") else f.label) \
                and not _MOVEMENT.search(ask.question):   # (a balance's own line under the cash flows' "Changes in")
            continue        # "Net (increase) decrease in Card Member loans", "Changes in ... › Accounts receivable": flows
        if f.statement == "cash_flow" and _FLOWS_HEADING.search(f.label_path) and row_fit.AT_A_DATE.search(ask.question) \
                and not (ask.metric and "cash_flow" in ask.metric.statements) and not _BALANCE_SAID.search(f.label):
            continue        # a balance at a date is no row of the cash flows' sections ("Capital contribution in subsidiaries")
        if _AVERAGE.search(f.label_path) and not _AVERAGE.search(ask.question) and row_fit.AT_A_DATE.search(ask.question):
            continue        # "Weighted average shares outstanding" is the year's mean, never the count at a date
        if _AVERAGE.search(ask.question) and (counting or balance_dates.year_end_row(f)) and \
                not _AVERAGE.search(f"{f.label_path} {f.table_title} {f.column_header}"):
            continue        # an average asked: the balance sheet's "Loans", "Employees (31 Dec)" are year-end
        if owners_asked and f.kind == "money" and (not attribution.names_a_holder(f.label_path) and
                                                   attribution.split_between_holders(f, cands)
                                                   or attribution.total_after_minorities(f, cands)):
            continue        # the owners' share asked of a line split between holders: its total includes minorities
        if with_minorities and attribution.names_a_holder(f.label_path) and \
                not attribution.total_after_minorities(f, cands):
            continue        # "equity including minorities": the line's total, not one holder's share
        # (a total is its heading's; so is a bare basis row, "Weighted average shares outstanding › Diluted", and a
        # holder's share, "Total comprehensive income attributable to › Owners of the Company")
        own_words = f.label_path if heading_total(f) or BARE_BASIS.fullmatch(f.label) or \
            attribution.completed_label(f.label_path) is not None else f.label
        if ask.metric is None and link is None and not any(w in stems(own_words) or (
                people and terms.same_people(w, own_words)) for w in distinct):
            continue        # the row itself must name the measure: a part under the asked heading ("payroll costs
            #               › Wages and salaries") or a word of the table's title is not it; a total is its heading's
        label_words = _own_stems(without_own_name(f.label_path, f.company)) - asked - {"total", "net", "of", "and", "the", "in", "for"}
        soft_hits = sum(1 for w in ask.soft if w in row) + balance_dates.says_closing(ask, f)
        # A statement of changes in equity answers only what no other row prints (the others print most of its lines;
        # an untitled statement ranks as a note), unless the question names it or asks its own measure (a declared dividend).
        primary = f.statement is not None and not f.secondary and f.statement != "equity" or parents and \
            entity_columns.own_statement(f)
        in_metric_statement = ask.metric is not None and f.statement in ask.metric.statements
        hinted = f.statement is not None and f.statement in (ask.statement_hint, ask.metric and ask.metric.statement
                                                             == "equity" and "equity")
        other_than_equity = f.statement != "equity" or hinted
        # On a balance sheet the carrying amount is the line net of its allowance or depreciation ("Accounts
        # receivable, net" under "Accounts receivable" and "Less allowance"), unless the question says gross.
        carrying = f.statement == "balance" and "gross" not in ask.hard and bool(_NET_OF_ITS.search(f.label))
        # A row under "Changes in operating assets and liabilities" is the movement of an item, not the item.
        # (A row the metric names by its own label is that metric's, whatever heading it was read under: "Net cash
        # provided by operating activities" below "Changes in operating assets and liabilities" is the total.)
        own = ask.metric is not None and ask.metric.statement == "cash_flow" and ask.metric.matches_row(f.label)
        movement = row_headings.movement(f, own, lines) == bool(_MOVEMENT.search(ask.measure))
        printed = bool(re.search(r"\d", f.value_printed)) and f.value != 0     # a "—" cell below a printed figure
        # (the owners' share of a line answers a question asking what is attributable to them, over the line's total;
        # a "Total X" row answers "total X" where a statement prints X only in parts: "Current › Loans")
        owners = attribution.owners_rank(f.label_path, ask.question) if owners_asked else 0
        total_named = (in_parts or sided_parts) and f.label.lower().startswith("total") and set(ask.hard) <= row
        # (the row printed under the very name asked: "Total equity" for "total equity", over "Total stockholders'
        # equity" printed above the minorities)
        as_named = bool(ask.measure_stems) and _own_stems(f.label) - {"total"} == set(ask.measure_stems) - {"total"}
        # (the row's whole label said in the question, its filler words too: "Amount available for distribution to
        # Unitholders" over "Income available for distribution to Unitholders")
        whole = said_whole(f.label, ask.question)
        unasked_cash = payments.unasked_payment(ask, f)
        # (the side of tax asked, said by the row: "after tax" over the same line's pre-tax figure above it)
        side = tax_side(ask.question) or tax_side(ask.measure)
        tax_said = side is not None and tax_side(f.label) == side
        # (the metric's own line above a row holding the asked words, "Profit for the period" > "Gross profit")
        key = (movement, other_than_equity, link is None, not unasked_cash, total_named, primary or hinted, hinted,
               in_metric_statement,
               not row_fit.before_interest_and_tax(ask, f, cands), own_line,
               printed, id(f) not in per_part,
               owners, soft_hits,
               -doc_rank.get(f.doc_id, 9), carrying, as_named, set(ask.measure_stems) <= set(stems(f.label_path)), whole,
               tax_said, -len(label_words), f.label.lower().startswith("total"), -f.page)
        good.append((key, f, sorted(asked & row), sorted(label_words), link))
    if not good:
        closest = [f for f in cands if not f.secondary][:40]
        return NoMatch(ask.measure, distinct_rows(closest)[:3], "no row covers " + (", ".join(ask.hard) or
                                                                                      ask.measure))
    good.sort(key=lambda g: g[0], reverse=True)
    best = good[0]
    if id(best[1]) in per_part:
        # "Backlog at year-end" printed in each segment's table, no company-wide row: any one of them would be a
        # part's figure given as the company's
        rows = [g[1] for g in good if id(g[1]) in per_part]
        return NoMatch(ask.measure, distinct_pages(rows)[:3], f"'{best[1].label}' is printed in {len(per_part)} "
                       "tables with different figures (one per segment or part?) and no company-wide row")
    if row_fit.printed_twice(best[1], [g[1] for g in good]):
        return NoMatch(ask.measure, [best[1]], f"'{best[1].label}' is printed twice on p. {best[1].page} with "
                       "different figures (the total and a part?): the question does not say which")
    if not in_parts and (side := row_fit.other_side(ask, best[1], [g[1] for g in good])) is not None:
        return NoMatch(ask.measure, [best[1], side], f"'{best[1].label}' is printed under both current and non-current "
                       f"liabilities or assets on p. {best[1].page}, with no total: the question does not say which")
    if ask.metric is not None and ask.metric.in_parts and (part := row_fit.another_part(ask, best[1], [g[1] for g in good])):
        return NoMatch(ask.measure, [best[1], part], row_fit.parts_said(ask.metric.label, best[1], part))
    if entity_columns.undecided(ask, best[1], cands):
        return NoMatch(ask.measure, [best[1]], f"'{best[1].label}' is printed for the Group and for the parent "
                       "alone (its Company or Bank column): the question does not say which")
    if in_parts and not best[1].label.lower().startswith("total") and row_fit.one_of_parts(best[1], cands):
        return NoMatch(ask.measure, distinct_rows([g[1] for g in good])[:3], f"'{best[1].label}' is printed in parts "
                       "(current and non-current, or by class) with no total row: the total is not printed as one figure")
    alts = [g[1] for g in good[1:] if g[1].label_path != best[1].label_path][:3]
    return FactMatch(best[1], best[2], best[3], distinct_rows(alts), best[4])
