"""Which person a question asks for: a role ("Who is the CFO?", "ACME CEO?", "Acme's auditor?") or the changes in the
year's leadership ("which leadership positions changed?"). The answer is read from the report by answer/people.py."""
from __future__ import annotations

import re

from pipeline.question.analysis import QuestionFacts, core_question

# a deputy's title holds the role's words ("Vice-Chair of the Supervisory Board", "Deputy CEO"): never the role
_NO_DEPUTY = r"(?<!vice-)(?<!vice\s)(?<!deputy\s)(?<!assistant\s)"
# (role as named in the answer, how reports print it)
ROLES = [("chief executive officer", rf"{_NO_DEPUTY}(?:chief\s+executive\s+officer|chief\s+executive|\bCEO\b|"
                                     r"group\s+chief\s+executive)"),
         ("chief financial officer", rf"{_NO_DEPUTY}(?:chief\s+financial(?:\s+and\s+[a-z]+)?\s+officer|\bCFO\b|"
                                     r"finance\s+director|financial\s+director|chief\s+finance\s+officer)"),
         ("chief operating officer", rf"{_NO_DEPUTY}(?:chief\s+operating\s+officer|\bCOO\b)"),
         # a two-tier company's supervisory board has its own chair, never the board of directors' (management's)
         ("supervisory board chair", rf"{_NO_DEPUTY}(?:chair(?:man|woman|person)?\s+of\s+the\s+supervisory\s+board|"
                                     r"supervisory\s+board\s+chair(?:man|woman|person)?)"),
         ("chair", rf"{_NO_DEPUTY}(non-executive\s+|independent\s+)?(?:board\s+)?chair(man|woman|person)?"
                   r"(\s+of\s+the\s+board|\s+board\b)?"),     # ("chairman board": a terse question's words)
         ("company secretary", r"company\s+secretary|corporate\s+secretary"),
         ("managing director", rf"{_NO_DEPUTY}managing\s+director"),
         # the chief executive's title in many Middle Eastern, African and Latin American companies ("General Manager
         # (Chief Executive Officer)"); a division's "General Manager, Operations" names its division
         ("general manager", r"general\s+manager(?!\s*[,-]\s*[A-Z])"),
         # the audit firm's partner who signs the audit report ("Jane Roe, Engagement Partner", "(Senior Statutory Auditor)")
         ("engagement partner", r"(?:audit\s+)?engagement\s+partner|audit\s+partner|senior\s+statutory\s+auditor|"
                                r"partner\s+in\s+charge(?:\s+of\s+the\s+audit)?")]
# a role printed once, beside the signature it is signed with: one mention names its holder
SIGNED_ROLES = {"engagement partner"}
# (or an instruction: "Name Acme's external audit firm", "Please name the CFO")
_ASKED_ROLE = re.compile(r"(?i)\b(who|whom|name\s+of|name\s+the|who['’]s)\b|"
                         r"^\s*(?:please\s+)?name\s+(?:its\s+|(?-i:[A-Z])[\w&.-]*(?:\s+(?-i:[A-Z])[\w&.-]*){0,3}['’]s\s+)")
# the chair of a body other than the board of directors: neither the audit firm nor the company's chair
# (or of a council: "who chairs Acme's Shareholders' Council?", a co-operative's or a works council; a Supervisory
# Council is a two-tier company's board, its chair the company's)
_BODY_CHAIR = re.compile(r"(?i)\bchair\w*\b(?:\s+[\w'’]+){0,3}?\s+(?:(?:the|its)\s+)?(?:[\w'’]+\s+)?(?:committee|(?<!supervisory\s)council|"
                         r"board\s+of\s+(?:statutory\s+)?auditors|statutory\s+auditors)\b")
_AUDITOR_Q = re.compile(r"(?i)\b(auditors?|audit\s+firm|audits|audited|accounting\s+firm)\b")
CHANGE_Q = re.compile(r"(?i)\b(chang\w*|appoint\w*|resign\w*|retire\w*|depart\w*|left|leav\w*|join\w*|stepp?\w*\s+down|"
                      r"new\s+(ceo|cfo|chair\w*|director\w*|chief)|turnover|succession)\b")
_LEADERS_Q = re.compile(r"(?i)\b(leadership|management|executive\w*|officers?|directors?|board|ceo|cfo|chair\w*|"
                        r"positions?|roles?|secretary)\b")


# a board committee's chair asked ("who chairs X's Audit and Risk Committee?", "chair of the remuneration committee",
# "audit committee chair"): the committee's name, its words before "Committee"
_COMMITTEE_CHAIR = re.compile(r"(?i)\bchair\w*\s+(?:of\s+)?(?:the\s+|its\s+|[\w&.-]+(?:\s+[\w&.-]+){0,3}['’]s\s+)?"
                              r"(?P<a>(?:[a-z&,-]+\s+){0,4}?)committee\b|\b(?P<b>(?:[a-z&,-]+\s+){1,4}?)committee\s+chair\w*\b")


_ASKING_WORDS = {"the", "its", "who", "whom", "is", "was", "are", "were", "what", "which", "name", "of", "current"}


def role_pattern(role: str) -> str:
    """How reports print `role`: a role of ROLES, or a committee's chair ("chair of the audit and risk committee"):
    "Chair of the Audit and Risk Committee", "Audit and Risk Committee Chair"."""
    if role in dict(ROLES):
        return dict(ROLES)[role]
    words = r"\s+".join(re.escape(w) for w in role.split()[3:-1])
    return (rf"chair(?:man|woman|person)?\s+of\s+(?:the\s+)?{words}\s+committee|{words}\s+committee\s+chair(?:man|woman|"
            rf"person)?")


def asks_role(facts: QuestionFacts) -> str | None:
    """The role a "who is ...?" question asks for ("chief financial officer", "auditor", "chair of the audit
    committee"), or None."""
    q = core_question(facts.text)
    if (m := _COMMITTEE_CHAIR.search(q)) and _ASKED_ROLE.search(q) and (name := " ".join(
            w for w in (m.group("a") or m.group("b") or "").lower().replace(",", " ").split() if w not in _ASKING_WORDS)):
        return f"chair of the {name} committee"
    if _BODY_CHAIR.search(q):
        return None     # "who chairs the board of statutory auditors" (or a committee unnamed): a person not held here
    if re.search(r"(?i)\b(?:engagement|audit(?:ing)?|signing)\s+partner\b|\bsenior\s+statutory\s+auditor\b", q):
        return "engagement partner"     # (the person who signed, never the audit firm)
    if _AUDITOR_Q.search(q) and (_ASKED_ROLE.search(q) or re.search(r"(?i)^\s*(which|what)\b", q)):
        return "auditor"
    if not _ASKED_ROLE.search(q):
        return _terse_role(facts, q)
    q = re.sub(r"(?i)\bchairs\b", "chair", q)     # "who chairs the board?"
    for role, pattern in ROLES:
        if re.search(rf"(?i)\b({pattern})\b", q):
            return role
    return None


# The words a terse role question may print beside the role: the company's names, the year, an article ("ACME
# CEO?", "Acme Corp's auditor?", "the Group CFO of Acme?", "Acme chair FY2094?")
_TERSE_FILLER = re.compile(r"(?i)\b(?:the|its|their|current|present|group|company['’]?s?(?!\s+secretary)|of|at|for|in|as|fy|fiscal|year|"
                           r"(?:fy|fiscal\s*)?'?\d{2,4})\b|['’]s?\b|[?.,:;!()]")
_PERIOD = re.compile(r"(?i)\bfy|\b(?:fiscal|year|[hq][1-4])\b|(?<![\d.])'?\d{2}(?:\d{2})?(?![\d.])")


def _terse_role(facts: QuestionFacts, q: str) -> str | None:
    """A role asked by its name alone beside the company's: "ACME CEO?", "Acme's auditor?". "CFO" beside a period
    ("Acme CFO FY94?") is the measure operating cash flow, as analysts abbreviate it; beside no period, the person."""
    names = facts.company_words()
    words = [w for w in _TERSE_FILLER.sub(" ", q).split()
             if not set(re.findall(r"[a-z0-9&]+", w.lower())) <= names]       # ("ABC.UN": a ticker's parts)
    rest = " ".join(words)
    if not rest or len(words) > 4:
        return None
    if re.fullmatch(r"(?i)(external\s+|independent\s+|statutory\s+)?(auditors?|audit\s+firm)", rest):
        return "auditor"
    if re.fullmatch(r"(?i)cfo", rest) and _PERIOD.search(q):
        return None
    # (a combined title: "MD & CEO?", "President and CEO?", "Chair/CEO?": the person holding the role it names)
    parts = [p for p in re.split(r"(?i)\s*(?:&|/|\band\b)\s*", rest) if p]
    roles = [next((role for role, pattern in ROLES if re.fullmatch(rf"(?i)(?:{pattern})", p)), None) for p in parts]
    if len({r for r in roles if r}) == 1 and all(r or re.fullmatch(r"(?i)md|president|executive\s+director|deputy\s+chair\w*", p)
                                                 for r, p in zip(roles, parts)):
        return next(r for r in roles if r)
    return None         # (two roles, "CEO and CFO?": two people, not one answer)


# Words of a financial measure that share a word with staff or board changes: "inventory / asset / receivables
# turnover" is a ratio, "the statement of financial position" a balance sheet, "net position" a balance.
_MEASURE_WORDS = re.compile(r"(?i)\b(inventory|inventories|stock|assets?|receivables?|payables?|working\s+capital|"
                            r"capital|fixed\s+asset|debtors?|creditors?|equity|portfolio|sales)\s+turnover\b|"
                            r"\bturnover\s+(ratio|days|rate\s+of\s+(inventory|assets?|receivables?))\b|"
                            r"\b(statements?\s+of\s+)?(financial|net|cash|liquidity|capital|tax)\s+positions?\b")


def asks_changes(facts: QuestionFacts) -> bool:
    """"Which leadership positions changed?", "were there any board changes?", "who was appointed?"."""
    q = _MEASURE_WORDS.sub(" ", core_question(facts.text))
    return bool(CHANGE_Q.search(q) and _LEADERS_Q.search(q)) and not re.search(r"(?i)\b(remuneration|compensation|"
                                                                                 r"salary|pay|fees?)\b", q)
