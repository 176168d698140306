"""Names and roles from the report: "Who is the CFO?", "who chairs the board?", "who audits it?", "which
leadership positions changed in the year?".

The whole report of the asked company and year is read. A role is answered with the name the report prints
beside it most often (a signature block "/s/ Jane Roe Chief Financial Officer", a directors' list "Jane Roe,
Chief Financial Officer", "Jane Roe was appointed Chief Financial Officer"), the sentence quoted and its page
cited; when two names are printed beside the role (a change in the year) both are given. The auditor is the firm
the audit report is signed by ("/s/ Firm LLP", "Firm LLP, Statutory Auditor", "Firm Chartered Accountants").
Changes are the sentences stating an appointment, resignation or retirement in the year. Nothing printed: "I
could not find ..." naming the pages searched.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Callable

from pipeline.answer.extract import NOT_FOUND
from pipeline.answer.person_names import NAME, POST_NOMINALS, clean, is_name
from pipeline.answer.role_asked import CHANGE_Q, ROLES, SIGNED_ROLES, asks_changes, asks_role, role_pattern
from pipeline.answer.yesno import as_passage, searched, sentences
from pipeline.core import letters
from pipeline.question.labels import doc_kind
from pipeline.question.analysis import QuestionFacts, core_question
from pipeline.retrieval.passage import Passage
from pipeline.state import Claim, TurnState
from pipeline.stores import corpus

_CHANGE = re.compile(r"(?i)\b(was\s+appointed|were\s+appointed|has\s+been\s+appointed|appointed\s+as|appointment\s+of|"
                     r"resigned|resignation|retired|retirement\s+of|stepped\s+down|will\s+step\s+down|departed|departure|"
                     r"left\s+the\s+(company|group|board)|succeeded|succeeds|joined\s+(the\s+)?(company|group|board|us)|"
                     r"ceased\s+to\s+be|did\s+not\s+stand\s+for\s+re-?election|was\s+named|promoted\s+to|"
                     r"assumed\s+the\s+role)\b")
_IN_YEAR = re.compile(r"(?i)\b(during\s+the\s+(year|period)|in\s+the\s+year|this\s+year|since\s+the\s+(last|previous)|"
                      r"with\s+effect\s+from|effective\s+(from\s+)?(\d|[A-Z]))")
# (a partnership named as such: "Brindabella Partners", "Hollis & Co.")
_FIRM_END = (r"(?:LLP|L\.L\.P\.|LLC|PLLC|P\.C\.|Chartered\s+Accountants|"
             # (an Australian firm's state in brackets: "Hollis & Co Audit (WA) Pty Ltd")
             r"Audit\s+(?:\([A-Z]{2,3}\)\s+)?(?:Pty\s+)?(?:Ltd|Limited)|(?:Pty\s+)?Ltd|Limited|"
             r"Partners|&\s+Co\.?|Accounting\s+Corp(?:oration|\.)|Incorporated|"     # ("... Incorporated": South African)
             # continental and Nordic legal forms of an audit firm ("Fjordrevisjon AS", "Revisione Adriatica S.p.A.")
             r"S\.p\.A\.|S\.A\.|S\.r\.l\.|GmbH|AG|AS|A/S|AB|Oy|N\.V\.|B\.V\.|"
             # and Latin America's ("Errázuriz Mella Auditores Limitada", "Auditores Ltda.", "Contadores SpA")
             r"Limitada|Ltda\.?|SpA|S\.C\.|"
             # an Icelandic private company (as audit firms there are: "KPMG ehf."), and a partnership of associates
             # in Spanish, Portuguese or English
             r"ehf\.|(?:&|y|e)\s+Asociados|&\s+Associados|&\s+Associates)(?![\w/])")
# (a name's words in capitals, accented too: "Errázuriz", "Öhrlund")
_FIRM = re.compile(rf"((?:[{letters.UPPER}][\w&'’.\-]*,?\s+(?:&\s+)?){{1,4}}){_FIRM_END}")
# "The consolidated financial statements for 2061 were audited by": the group's own (never "the accounts of Acme Norge
# AS were audited by", a subsidiary's, nor "emissions data ... was audited by")
_GROUP_AUDITED = re.compile(r"(?i)\b(?:consolidated|group['’]?s?|company['’]s|our)\b(?:(?!\b(?:statements|accounts)\s+of\s+"
                            r"[A-Z])[^.]){0,80}\b(?:financial\s+statements|accounts)\b[^.]{0,40}\baudited\s+by\s*$")
_REPORT_TITLE = re.compile(r"(?i)\bauditor['’]?s['’]?\s+report\b|\breport\s+of\s+independent\s+registered\b")
_AUDIT_WORDS = re.compile(r"(?i)auditor|accounting\s+firm|audit\s+report|report\s+on\s+the\s+audit|/s/|key\s+audit\s+matters?")
_YEAR = re.compile(r"(?<![\d$,.£€])(19|20)\d{2}(?!\d)")


def applies(facts: QuestionFacts) -> bool:
    return asks_role(facts) is not None or asks_changes(facts)


def role_mentions(pages: list[corpus.ReportPage], role: str) -> list[tuple[str, str, corpus.ReportPage]]:
    """(name, sentence, page) for every place a name is printed beside the role."""
    pattern = role_pattern(role)
    r = rf"(?:{pattern})"
    # other titles printed between the name and the role: "Jonathan Roe serves as Chairman of the Board, President
    # and Chief Executive Officer", "Jane Roe (c) 55 Senior Vice President, Chief Financial Officer"
    titles = (r"(?:(?:Chair\w*|President|Vice(?:-President)?|Senior|Executive|Deputy|Group|Managing|Director|Officer|Founder|Co-Founder|"
              r"Non-(?i:executive)|Independent|Treasurer|Secretary|Board|Directors|Representative|General|Counsel|of|the|and|&),?\s+)"
              r"{0,8}?")
    # (never the chair in brackets: a committee's list names its chair so, "Jane Roe (Chairman)")
    bracket = "" if role == "chair" else r"\(?"
    # (an officers list prints the age beside the name: "Jane Roe 52 Chief ...", "Jane Roe (age 52), Chief ...")
    forms = [re.compile(rf"(?:/s/\s*)?(?P<name>{NAME}){POST_NOMINALS}\s*(?:\(\w\)\s*)?(?:\d{{2}}\s+|\((?i:age)\s+\d{{2}}\)\s*)?[,–—-]?\s*"
                        rf"(?:our\s+|the\s+|as\s+)?"     # (the role in brackets: "Jane Roe (Chief Financial Officer)",
                        # (after another title and its semicolon, "Jane Roe - Independent director; Chair of ...", and
                        # after its translation, "Ana Sosa - Presidenta / Chair")
                        rf"(?:(?:[^;.()/]|\([^()]{{1,60}}\)){{1,80}}?;\s+)?(?:(?:[^\W\d_]+\s+){{1,6}}/\s+)?"
                        rf"{bracket}{titles}{bracket}(?i:{r})(?![a-z])"),   # "Jane Roe - Managing Director (Chief ...)")
             # "Chief Financial Officer: Jane Roe", "our CFO, Jane Roe" (never "Chairman Jane Roe – CEO" in a list)
             re.compile(rf"(?i:{r})\s*(?:[,:]\s*|\s+(?i:is|was)\s+)(?P<name>{NAME})(?!\s*[–—-])"),
             re.compile(rf"(?P<name>{NAME}){POST_NOMINALS}\s+(?:(?i:is|was|has\s+been|became|was\s+appointed|has\s+been\s+appointed|"
                        rf"joined|serves|served)\s+(?:as\s+)?(?:(?i:our|the|its|the\s+company['’]s)\s+)?){titles}(?i:{r})")]
    committee_forms = _committee_forms(role)
    forms += committee_forms
    out = []
    for pg in pages:
        text = " ".join(pg.text.replace("\u00a0", " ").split())
        if not re.search(rf"(?i){r}", text) and not any(f.search(text) for f in committee_forms):
            continue
        kept = sentences(text) or [text]
        # (a list of names and roles runs on with no full stop: too long for a sentence, it is read line by line)
        lines = [" ".join(x.split()) for x in pg.text.splitlines()]
        listed = [ln for ln in lines if len(ln) >= 10 and not any(ln in k for k in kept)]
        # (a role wrapped onto the next line, "...; Chair of the Audit and Supervisory" / "Committee": the two read as one)
        wrapped = [f"{a} {b}" for a, b in zip(lines, lines[1:]) if not re.search(rf"(?i){r}", a) and
                   re.search(rf"(?i){r}", f"{a} {b}") and not re.search(rf"(?i){r}", b)]
        for s in kept + listed + wrapped:
            for f in forms:
                for m in f.finditer(s):
                    name = clean(m.group("name"))
                    # (a role word read as the start of a name: "Chief Executive Officer Jane Roe" keeps "Jane Roe";
                    # the one succeeded held it before: "Jane Roe succeeded Mr. John Doe as Chair of the ...")
                    if is_name(name) and not _SUCCEEDED.search(s[:m.start("name")]):
                        out.append((name, s, pg))
    return out


_SUCCEEDED = re.compile(r"(?i)\b(?:succeeded|succeeds|replaced|replaces|took\s+over\s+from)\s+(?:(?:Mr|Ms|Mrs|Dr|Prof)\.?\s+)?$")


def _committee_forms(role: str) -> list[re.Pattern]:
    """A committee's chair named in its members' list ("Audit and Risk Committee: Jane Roe (Chair), John Doe and ...")
    or said to chair it ("The Audit Committee, chaired by Jane Roe, ..."); none for another role."""
    if not role.startswith("chair of the ") or not role.endswith(" committee"):
        return []
    committee = r"\s+".join(re.escape(w) for w in role.split()[3:])
    return [re.compile(rf"(?i:{committee})\s*[:–—-]\s*(?:[^.;:()]*?,\s*)?(?P<name>{NAME}){POST_NOMINALS}\s*"
                       rf"\((?i:chair(?:man|woman|person)?)\)"),
            # its members listed under its name, the chair first ("Audit Committee" / "Ms. Jane Roe Chairperson" /
            # "Mr. John Doe Member")
            re.compile(rf"(?i:{committee})\s+(?P<name>{NAME}){POST_NOMINALS}\s*[-–—,]?\s*(?i:chair(?:man|woman|person)?)"
                       rf"(?!\s+of\b)"),
            re.compile(rf"(?i:{committee})(?:(?!(?i:committee|previously|formerly|until))[^.]){{0,80}}?\b(?i:is\s+|was\s+)?"
                       rf"(?i:chaired\s+by)\s+(?P<name>{NAME})")]


def _listed(name: str, role: str, pages: list[corpus.ReportPage]) -> bool:
    """The name opens a line of its own that gives its role ("Yumi Okazaki Director, ... and Chief Financial Officer",
    "Jane Roe 52 Senior Vice President and Corporate Secretary"): a list of officers or directors, not a signature
    block run together."""
    # (or after a dash, with another title, its translation and the date it was taken: "Ana Sosa - Director
    # independiente; Presidenta del Comité / Chair of the Audit Committee (from 28 April 2093)")
    line = re.compile(rf"^\s*(?:(?:Mr|Ms|Mrs|Dr)\.?\s+)?{re.escape(name)}\s+(?:[-–—]\s+)?(?:\d{{2}}\s+)?"
                      rf"(?:[A-Z](?:[^/]|\s/\s){{0,120}}?)?(?i:{role_pattern(role)})(?:,?\s+(?:and\s+)?[A-Z][\w ,&'-]{{0,60}})?"
                      rf"(?:\s*\((?i:from|since|appointed)\b[^)]*\))?[\s.]*$", re.M)
    return any(line.search(pg.text) for pg in pages)


def _board_chair_line(name: str, pages: list[corpus.ReportPage]) -> bool:
    """A line of a board list opens on the name and gives it the board's chair ("Jane A. Roe - Chair of the
    Board (independent)", "John Doe, Chairman of the Board of Directors"), never a committee's."""
    line = re.compile(rf"(?im)^\s*(?:(?:mr|ms|mrs|dr|prof|ing)\.?\s+)*{re.escape(name)}{POST_NOMINALS}\s*[-–—,]\s*"
                      rf"(?:independent\s+|non-executive\s+)?chair(?:man|woman|person)?\s+of\s+the\s+board"
                      rf"(?:\s+of\s+directors)?\b(?!\s+of\b)")
    return any(line.search(pg.text) for pg in pages)


def _said(name: str, role: str, said: list[str]) -> bool:
    """A sentence says in words that the name holds the role: "<name> is / was appointed / serves as ... <role>"."""
    # (the role held now, not a past one or another company's: "was CFO of Orica Ltd from 2020", "was CFO until")
    pattern = re.compile(rf"{re.escape(name)}{POST_NOMINALS}(?:,\s*aged\s+\d{{2}},)?\s+(?i:is|was\s+appointed(?:\s+as)?|"
                         rf"has\s+been\s+appointed(?:\s+as)?|serves\s+as)\s+(?i:(?:our|the|its)\s+)?"
                         rf"(?i:{role_pattern(role)})\b(?!\s+(?:of|at)\s+[A-Z])(?![^.]{{0,60}}\b(?i:until|from\s+\d{{4}}\s+to))")
    # (or gives it in brackets right after the name: "Jane M. Roe-Smith (Chief Financial Officer)", "Ann B. Roe - Managing
    # Director (Chief Executive Officer)")
    bracketed = re.compile(rf"{re.escape(name)}\s*(?:[-–—]\s*[A-Z][\w ,&'-]{{0,60}}?\s*)?\((?i:{role_pattern(role)})\)")
    stated = _committee_forms(role)      # (a committee's list naming its chair says so; so does "Role: Jane Roe")
    stated.append(re.compile(rf"(?i:{role_pattern(role)})\s*:\s*(?P<name>{re.escape(name)})\b"))
    if role in SIGNED_ROLES:    # ("Jane Roe, Engagement Partner" under the audit report)
        stated.append(re.compile(rf"(?P<name>{re.escape(name)}),?\s*\(?(?i:{role_pattern(role)})"
                                    rf"(?![^.]{{0,40}}\b(?i:until|rotated|from\s+(?:19|20)\d{{2}}\s+to))"))
    return any(pattern.search(s) or role != "chair" and bracketed.search(s) or
               any(clean(m.group("name")) == name for f in stated for m in f.finditer(s)) for s in said)


def _quote_of(s: str, name: str, limit: int = 300) -> str:
    """The part of a long sentence (a signature block run together) around the name."""
    if len(s) <= limit:
        return s
    i = max(0, s.find(name) - limit // 3)
    return ("... " if i else "") + s[i:i + limit].strip() + " ..."


def _role_answer(state, company, fy, pages, role, cite) -> tuple[str, str]:
    if role == "auditor":
        return _auditor(state, company, fy, pages, cite)
    found = role_mentions(pages, role)
    # "Callum N Baxter" and "Callum Baxter" are one person: the fullest spelling, counted together
    full: dict[tuple, str] = {}
    for n, _, _ in found:
        k = (n.split()[0], n.split()[-1])
        if len(n) > len(full.get(k, "")):
            full[k] = n
    found = [(full[(n.split()[0], n.split()[-1])], s, pg) for n, s, pg in found]
    counts = Counter(n for n, _, _ in found)
    if not counts:
        return (f"{NOT_FOUND} a name printed beside '{role}' in {company}'s FY{fy} report. "
                f"{searched(company, fy, pages)}", "not_found")
    pages_of = {n: {pg.page for m, _, pg in found if m == n} for n in counts}
    ranked = [(n, c) for n, c in counts.most_common() if len(pages_of[n]) >= 2]   # printed on two pages at least
    if not ranked and len(counts) == 1 and (_listed(next(iter(counts)), role, pages) or
                                            _said(next(iter(counts)), role, [s for _, s, _ in found])):
        ranked = list(counts.items())   # one name only, listed with its role on a line of its own (an officers' list)
        #                                 or said to hold it ("Siobhan Kerr BCom CA was appointed Chief Financial Officer")
    if not ranked and role == "chair" and len(board := [n for n in counts if _board_chair_line(n, pages)]) == 1:
        ranked = [(board[0], counts[board[0]])]     # the one name a board list prints as "Chair of the Board" (the others
        #                                             a committee's chair, printed once each too)
    if not ranked:
        return (f"{NOT_FOUND} a name the report prints beside '{role}' on more than one page of {company}'s FY{fy} "
                f"report (it names {', '.join(n for n, _ in counts.most_common(3))} once). "
                f"{searched(company, fy, pages)}", "not_found")
    # one name clearly the most printed beside the role; two close ones (a change in the year, or two columns of
    # signatures run together) are both given, each with its sentence
    top = [ranked[0][0]] if len(ranked) == 1 or ranked[0][1] >= 2 * ranked[1][1] else [n for n, _ in ranked[:2]]
    if ranked[0][1] < 2 and len(ranked) > 1:
        return (f"{NOT_FOUND} one name the report prints as {company}'s {role}: it names "
                f"{', '.join(n for n, _ in ranked[:3])} once each beside it. {searched(company, fy, pages)}",
                "not_found")
    parts = []
    for name in top[:2]:
        s, pg = next((s, pg) for n, s, pg in found if n == name)
        m = cite(as_passage(pg))
        parts.append(f"{name} [{m}]")
        quote = _quote_of(s, name)
        text = f"{company}'s {role} in the FY{fy} {doc_kind(pg.doc_type)}: {name} (\u201c{quote}\u201d [{m}])"
        state.claims.append(Claim(text=text, label=f"{company} FY{fy} {role}", company=company))
    if len(top) == 1:
        return state.claims[-1].text + ".", "name"
    return (f"The FY{fy} report of {company} names two people as {role}: " +
            "; ".join(c.text.split(": ", 1)[1] for c in state.claims[-2:]) + " (a change in the year, or one each "
            "side of the year end).", "name")


def auditor_sentences(pages: list[corpus.ReportPage]) -> list[tuple[str, corpus.ReportPage]]:
    """Sentences of the audit report's pages that name a firm ("/s/ Firm LLP", "Firm, Statutory Auditor")."""
    out = []
    for pg in pages:
        if not _AUDIT_WORDS.search(pg.text):
            continue
        out += [(s, pg) for s in sentences(pg.text) if _FIRM.search(s) and _AUDIT_WORDS.search(s)]
    return out


def is_firm(name: str) -> bool:
    return bool(_FIRM.fullmatch(name.strip()))


def is_person(name: str) -> bool:
    return is_name(name)


def _auditor(state, company, fy, pages, cite) -> tuple[str, str]:
    counts: Counter = Counter()
    where: dict[str, tuple[str, corpus.ReportPage]] = {}
    for pg in pages:
        text = " ".join(pg.text.replace("\u00a0", " ").split())
        if not _AUDIT_WORDS.search(text):
            continue
        report = bool(_REPORT_TITLE.search(text[:300]))      # (the page is the audit report: its signer is the firm)
        for m in _FIRM.finditer(text):
            firm = " ".join(m.group(0).split()).strip(" ,")
            headed = re.match(r"(?i)(?:independent|external)\s+auditors?\s+", firm)    # (a list: "Independent Auditors X")
            firm = re.sub(r"^(?:(?:We|The|Our|By|Signed|For\s+and\s+on\s+behalf\s+of|and|Auditors?|Independent\s+Auditors?|"
                          r"External\s+Auditors?)\s+)+", "", firm)
            near = text[max(0, m.start() - 300):m.end() + 300]
            signs = report and len(text) - m.end() < 300      # (a report page's signer: at its foot, not in its text)
            if len(firm.split()) < 2 or not (signs or _AUDIT_WORDS.search(near)) or \
                    re.search(r"(?i)\b(holdings|group|bank|trust|company|inc|plc)\b|(?<!accounting )\bcorporation\b", firm) or \
                    firm.split()[0].lower() in {"the", "a", "an", "in", "of"}:
                continue
            before, after = text[max(0, m.start() - 40):m.start()], text[m.end():m.end() + 60]
            if re.search(r"(?i)(affiliated\s+with|member\s+firms?\s+of|network\s+of)\s*$", before):
                continue     # the network's boilerplate ("affiliated with KPMG International Limited"), not the signer
            strong = bool(headed or re.search(r"/s/\s*$", before) or re.search(r"(?i)^\W*(statutory\s+auditor|chartered\s+accountants|"
                                                                     r"certified\s+public\s+accountants|registered\s+auditors?|"
                                                                     r"chartered\s+professional\s+accountants|"
                                                                     r"as\s+(the\s+)?(company['’]s\s+)?auditors?|"
                                                                     r"we\s+have\s+served|(?:has|have)\s+(?:been|served\s+as)\s+"
                                                                     r"(?:the\s+)?(?:\w+['’]s\s+)?(?:external\s+|independent\s+)?auditors?\b|"
                                                                     r"which\s+has\s+served\s+as)", after)
                          or re.search(r"(?i)(appoint|re-?appoint)\w*\s*$|\bauditors?\s*[,:]\s*$|\bauditors?\s+(?:is|are|was|"
                                       r"were)\s*$|\b(?:independent|external)\s+auditors?[.:]?\s*$", before)
                          or _GROUP_AUDITED.search(text[max(0, m.start() - 200):m.start()])
                          # (the engagement partner signing for the firm: "Masato Ueda, Designated Engagement Partner")
                          or re.match(r"\W*(?:[A-Z][a-z'’-]+\s+){1,3}[A-Z][a-z'’-]+,\s*(?i:(?:designated\s+)?"
                                      r"(?:engagement\s+|audit\s+)?(?:partner|director)|authori[sz]ed\s+public\s+"
                                      r"accountant|state[- ]authori[sz]ed\s+public\s+accountant)\b(?!,?\s+who\b)", after)
                          # (or the place and date it signed on, at a report page's foot: "London, 2 March 2062")
                          or signs and re.match(r"\W*[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?,\s*\d{1,2}\s+[A-Z][a-z]+\s+\d{4}", after)
                          or "Chartered Accountants" in firm)
            if not strong or re.search(r"(?i)\b(regist\w*|services|market|share|bank|custodian|solicitors|lawyers)\b",
                                       firm) or company.split()[0].lower() in firm.lower():
                continue     # a firm the audit words merely stand near (the share registry, the company itself)
            counts[firm] += 1
            where.setdefault(firm, (near, pg))
    if not counts:
        return (f"{NOT_FOUND} the name of the auditor in {company}'s FY{fy} report. {searched(company, fy, pages)}",
                "not_found")
    firm, n = counts.most_common(1)[0]
    near, pg = where[firm]
    m = cite(as_passage(pg))
    text = f"{company}'s auditor for FY{fy} is {firm} (\u201c{_quote_of(near, firm)}\u201d [{m}])."
    state.claims.append(Claim(text=text, label=f"{company} FY{fy} auditor", company=company))
    return text, "name"


_ANY_ROLE = "|".join(p for _, p in ROLES) + r"|director|officer|president|board"


def is_change(sentence: str, fy: int | None = None) -> bool:
    """A sentence stating an appointment, resignation or retirement of an officer or director (or, given the
    fiscal year, a role held since a date in that year)."""
    if fy is not None and fy in [int(m["year"]) for m in _SINCE.finditer(sentence)]:
        return True
    return bool(_CHANGE.search(sentence) and re.search(rf"(?i)\b({_ANY_ROLE})", sentence))


# An executive-officers list's "<Title> since <Month> <Year>" ("Executive Vice President and Chief Financial
# Officer since August 2021", "has served as Chief Financial Officer since January 31, 2022"): a change of the
# year only when the date is in the report's own fiscal year (an earlier "since" is a tenure, not a change)
_SINCE = re.compile(r"(?i)\b(officer|president|chair\w*|director|secretary|counsel|controller|treasurer)\s+since\s+"
                    r"(?:(?:january|february|march|april|may|june|july|august|september|october|november|december)"
                    r"\s+(?:\d{1,2},?\s+)?)?(?P<year>(19|20)\d{2})\b")


def change_sentences(pages: list[corpus.ReportPage], fy: int) -> list[tuple[str, corpus.ReportPage]]:
    """The sentences stating a change of the year (never a biography's earlier appointment)."""
    hits: list[tuple[str, corpus.ReportPage]] = []
    for pg in pages:
        for s in sentences(pg.text):
            since = [int(m["year"]) for m in _SINCE.finditer(s)]
            if fy in since and s not in {h[0] for h in hits}:
                hits.append((s, pg))
                continue
            if not is_change(s):
                continue
            named = {int(y.group(0)) for y in _YEAR.finditer(s)}
            if named and fy not in named and fy - 1 not in named or not named and not _IN_YEAR.search(s):
                continue     # a biography's earlier appointment, or no time said
            if re.search(r"(?i)\b(he|she)\s+(has\s+)?(served|serves|was\s+previously|previously)\b|\bprior\s+to\s+"
                         r"(joining|that)\b|\bbefore\s+joining\b", s):
                continue
            if s not in {h[0] for h in hits}:
                hits.append((s, pg))
    return hits


def _changes(state, company, fy, pages, cite) -> tuple[str, str]:
    hits = change_sentences(pages, fy)
    if not hits:
        return (f"{NOT_FOUND} a sentence in {company}'s FY{fy} report stating an appointment, resignation or "
                f"retirement in the year. {searched(company, fy, pages)}", "not_found")
    parts = []
    for s, pg in hits[:5]:
        m = cite(as_passage(pg))
        parts.append(f"\u201c{_quote_of(s, '', 400)}\u201d [{m}]")
    text = f"Leadership changes the {company} FY{fy} {doc_kind(hits[0][1].doc_type)} states: " + " ".join(parts)
    state.claims.append(Claim(text=text, label=f"{company} FY{fy} leadership changes", company=company))
    return text, "name"


def asked(facts: QuestionFacts) -> str | None:
    """"changes" (the year's leadership changes), the role asked ("chief financial officer", "auditor"), or None."""
    role = asks_role(facts)
    if asks_changes(facts) and (role is None or CHANGE_Q.search(core_question(facts.text))):
        return "changes"
    return role


def answer(state: TurnState, conn, facts: QuestionFacts, company: str, year: int | None,
           cite: Callable[[Passage], int]) -> tuple[str, str] | None:
    what = asked(facts)
    if what is None:
        return None
    role, change = (None, True) if what == "changes" else (what, False)
    pages = corpus.report_pages(conn, company, year)
    if not pages:
        return None
    fy = pages[0].fiscal_year
    if change:
        return _changes(state, company, fy, pages, cite)
    return _role_answer(state, company, fy, pages, role, cite)
