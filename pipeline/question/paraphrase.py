"""Measures an analyst names with a verb phrase instead of the measure's name: "how much cash did Acme generate from
its operations" asks the operating cash flow, never the cash balance. Read over folded text (`lexicon.fold`), where
the phrase becomes the measure's own term, so the lexicon finds the measure and its words are no qualifiers."""
from __future__ import annotations

import re

# "cash did X generate / was produced / brought in from (its) operations / operating activities / the business"
# (at least one word between: "cash generated from operations" is also the name of IFRS's subtotal line, read as
# printed)
_OPERATING_CASH = re.compile(
    r"(?<!free )\bcash\b(?:\s+[\w'&.-]+){1,6}?\s+(?:generat\w*|produc\w*|provid\w*|brought in|bring in|brings in|throw\w* off|"
    r"us(?:e|ed|es)|burn\w*|consum\w*)"      # (the outflow said: "how much cash did it use (burn) in operating activities")
    r"(?:\s+or\s+(?:us\w*|consum\w*|burn\w*))?"      # ("generate or use in operating activities")
    r"\s+(?:from|by|in|through)(?:\s+\(or\s+(?:us\w*|consum\w*)\s+(?:in|by)\))?"     # "from (or use in)"
    r"\s+(?:its\s+|their\s+|the\s+|(?:[\w&.-]+\s+){0,2}[\w&.-]+'s\s+)?(?:core\s+)?"
    r"(?:operations|operating activities|business)\b|"
    # ... or with the operations the subject: "how much cash did Acme's operations (operating activities) generate?"
    r"(?<!free )\bcash\s+(?:did|does|do)\s+(?:its\s+|their\s+|the\s+|(?:[\w&.-]+\s+){0,2}[\w&.-]+['’]s?\s+)?(?:core\s+)?"
    r"(?:operations|operating\s+activities)\s+(?:generate|produce|provide|bring\s+in|throw\s+off)\b")
# The total of the cash flow statement's operating section named as a noun phrase in any of its printed forms: "cash
# flow(s) from operating activities", "net cash inflow from operating activities", "cash provided by (used in)
# operating activities" (not "... from operations": IFRS's "Cash generated from operations" is a subtotal before
# interest and tax, read as printed)
_OPERATING_FLOW = re.compile(
    r"(?<!free )(?<!restricted )(?<![\w-])(?:net\s+)?cash\s+(?:flows?\s+|\(?(?:in|out)flows?\)?\s+)?(?:(?:provided|generated|used|realized)\s+)?"
    r"(?:(?:from|by|in)\s+)?(?:\(?(?:used|provided)\s+(?:in|by)\)?\s+)?operating\s+activities\b")


# "how much (money) did X lose / earn in 2022", "what did X earn in the year to March": the bottom line (the verb
# closes the measure: "earn in net interest income" names its own)
_BOTTOM_LINE = re.compile(r"\b(?P<lead>how much (?:money )?|what )(?P<aux>did|does|do|has|have)\s+"
                          r"(?P<who>(?:[\w&.'-]+\s+){0,6}?)(?P<verb>earn|earned|lose|lost)(?:\s+money)?"
                          r"(?=\s+(?:(?:in|for|during|over)\s+(?:the\s+)?(?:fiscal\s+|financial\s+)?(?:fy\s?\d|\d|year|"
                          r"period|quarter|first|second|third|fourth|half|twelve|fiscal|financial)|last\b|this\b|fy\s?\d|\d)"
                          r"|\s+(?:in|for|during|over)?\s*(?:\([^()]*\)\s*)?(?:\?|$)|\s*(?:\([^()]*\)\s*)?\?|\s*$)")
#                          (the year may be cut out already; a gloss in brackets may follow: "lose in 2022 (net loss)?")


# whose earnings a verb may be about besides the company's: then it names no bottom line
_PERSONS = re.compile(r"'s\s+\w+\s*$|\b(directors?|executives?|officers?|employees?|staff|ceo|cfo|management|board|"
                      r"shareholders?|stockholders?|investors?|workers?|partners?|members?)\b")


def _bottom_line(m: re.Match) -> str:
    if _PERSONS.search(m.group("who")):
        return m.group(0)       # "how much did X's directors earn": their pay, not the company's profit
    measure = "net loss" if m.group("verb").startswith("l") else "net income"
    return f"{m.group('lead').replace('money ', '')}{m.group('aux')} {m.group('who')}{measure}"


# "(cash) ... returned to shareholders via dividends / through buybacks": the dividends paid, the share repurchases
_RETURNED = re.compile(
    r"(?:\bcash\b(?P<mid>(?:\s+[\w&.'-]+){0,6}?)\s+)?\b(?:return|returned|distribute|distributed|give|gave|"
    r"hand|handed)\s+(?:back\s+)?(?:to\s+(?:its\s+|their\s+|the\s+)?(?:shareholders|stockholders|investors|owners)\s+)?"
    r"(?:via|through|in|as|by way of|in the form of)\s+(?:cash\s+)?"
    r"(?P<how>dividends|buybacks|share buybacks|share repurchases|stock repurchases|repurchases)\b")


def _returned(m: re.Match) -> str:
    measure = "dividends paid" if m.group("how") == "dividends" else "share repurchases"
    return f"{m.group('mid') or ''} {measure}"


# A per-share measure named by its class of share or with the verb split off: "earnings per common share", "dividends
# per ordinary share", "dividends were declared per common share", "earnings per diluted share" are the per-share
# measures' terms ("earnings per share", "dividends declared per share", "diluted earnings per share")
_SHARE_CLASS = re.compile(r"\bper\s+(?:common|ordinary)\s+(share|unit)\b")
_SPLIT_DECLARED = re.compile(r"\b(dividends?|distributions?)\s+(?:were|was)\s+(declared|paid)\s+per\s+share\b")
_PER_CLASS_SHARE = re.compile(r"\b(?:net\s+)?(?:earnings|income|loss)\s+per\s+(diluted|basic)\s+share\b")
# "EPS (basic)", "EPS, diluted", "EPS - basic": the basis said after the measure
_EPS_BASIS_AFTER = re.compile(r"\beps\s*(?:\(\s*|,\s*|[-–]\s*)(basic|diluted)\b\)?")


# Whose share of a line, in the other words reports and analysts use: the minorities' share ("minorities", "minority
# interest(s)", "NCI") is the non-controlling interests'; the owners' share is "controlling interest(s)" / "controlling
# shareholders" (Latin American reports) or the "Group share" (French and Belgian reports in translation). A total
# said to include the minorities ("equity incl. minorities", "including NCI") is the line's total: the words go.
_WITH_MINORITIES = re.compile(r"\b(?:incl\.?|including|inc\.|with)\s+(?:the\s+)?(?:minorities|minority interests?|nci|"
                              r"non-?controlling interests?)(?![\w-])")
_MINORITIES = re.compile(r"\b(?:minorities|minority interests?|nci)(?![\w-])")
_CONTROLLING = re.compile(r"(?<![\w-])(?<!non )controlling (?:interests?|shareholders|stockholders)\b|\bgroup share\b|"
                          r"\bshare of the group\b")


# the abbreviation of property, plant and equipment, written out so its words meet a row's ("Payments for property,
# plant and equipment")
_PPE = re.compile(r"(?<![\w&])(?:pp&e|ppe|pp & e|ppne)(?![\w&])")
# spending on fixed assets said with a verb or its noun ("how much did it invest in / spend on property, plant and
# equipment", "investment in new PP&E", "outlays on fixed assets"): the capital expenditure
_CAPEX_NAMED = re.compile(r"\bcapex\b|\bcapital (?:expenditure|spending|investment)")
# (not where the phrase is a printed line's own words: "payments for investments in PP&E", "capital expenditure on
# PP&E" name the line already)
_SPENT_ON_PPE = re.compile(r"(?<!for )(?<!capital )\b(?:invest(?:s|ed|ing|ments?)?\s+in|spen(?:d|ds|t|ding)\s+on|"
                           r"outlays?\s+on)\s+(?:new\s+)?(?:property\s+(?:plant\s+)?and\s+equipment|fixed assets)\b")


# the buyback said with a verb ("spend repurchasing its own shares", "buying back stock"): the share repurchases (the
# noun, "repurchase of common stock", is a printed line's name, read as printed)
_BUYING_BACK = re.compile(r"\b(?:repurchas(?:ed|ing)|buy(?:s|ing)?\s+back|bought\s+back)\s+(?:its\s+|their\s+|"
                          r"our\s+)?(?:own\s+)?(?:common\s+|ordinary\s+)?(?:shares|stock)\b")


# the owners' share said as what the line is after ("profit net of minority interests", "equity excluding NCI")
_MINORITY_WORDS = r"(?:minorities|minority\s+interests?|nci|non-?\s?controlling\s+interests?)"
_LESS_MINORITIES = re.compile(rf"(?i)\b(?:net\s+of|after|excluding|excl\.?|less)\s+(?:the\s+)?{_MINORITY_WORDS}(?![\w-])")


# the holders of a share of a line, in the words analysts and reports use for them
_HOLDERS = rf"(?:{_MINORITY_WORDS}|owners|shareholders|stockholders|equity\s+holders|controlling\s+interests?)"
# whose share said with a verb ("how much of the profit went to / belonged to / accrued to minorities", "was due to the
# owners") or as a noun before the line ("NCI share of profit", "owners' share of net income"): the line attributable
# to them
_WENT_TO = re.compile(r"(?i)\b(?:went|goes|go|belonged|belongs|belong|accrued|accrues|flowed|flows|was\s+due|is\s+due)"
                      rf"\s+to\s+(?:the\s+)?(?={_HOLDERS}\b)")
_SHARE_OF = re.compile(rf"(?i)\b({_HOLDERS})['’]?\s+share\s+of\s+(?:the\s+)?(?:group['’]?s?\s+)?(profit|earnings|net\s+income|"
                       r"net\s+profit|net\s+loss|loss)\b")


def owners_said_as_net(text: str) -> str:
    """`text` with the owners' share said as a line net of the minorities' written as 'attributable to owners'."""
    return _LESS_MINORITIES.sub(" attributable to owners ", text)


def includes_minorities(folded: str) -> bool:
    """The question asks a total said to include the minorities' share ("equity incl. minorities")."""
    return bool(_WITH_MINORITIES.search(folded))


def name_holders(folded: str) -> str:
    """`folded` with the holders of a share of a line named in the statements' standard words."""
    folded = _SHARE_OF.sub(r"\2 attributable to \1", folded)
    folded = _WITH_MINORITIES.sub(" ", owners_said_as_net(_WENT_TO.sub(" attributable to ", folded)))
    return _CONTROLLING.sub("owners", _MINORITIES.sub("non-controlling interests", folded))


# "profitable at the operating line", "a loss at the pre-tax level": the line of the income statement named by its level
# (the profit or loss said with it is the line's sign, asked of the raw question: `figure_yes_no`)
_AT_THE_LINE = re.compile(r"(?:\b(?:profitable|unprofitable|loss-making|(?:a|an|any)\s+(?:profit|loss))\s+)?"
                          r"\b(?:at|on)\s+(?:the\s+|an?\s+)?(?:gaap\s+|reported\s+|statutory\s+|ifrs\s+)?"
                          r"(operating|pre-?tax|net|bottom)[- ](?:income\s+)?(?:line|level)\b")
_LINES = {"operating": "operating income", "pretax": "pretax income", "pre-tax": "pretax income", "net": "net income",
          "bottom": "net income"}


# "debt due within one year", "how much of the borrowings falls due within 12 months": the current portion
_DUE_WITHIN_A_YEAR = re.compile(r"\b(debt|borrowings?|loans?|debentures|notes|financing|liabilities)\s+(?:(?:is|are|that\s+(?:is|are)|which\s+(?:is|are))\s+|falls?\s+|"
                                r"payable\s+|repayable\s+)?due\s+within\s+(?:one|1|twelve|12|the\s+next)\s+"
                                r"(?:years?|months|twelve\s+months|12\s+months)\b")


def due_within_a_year(folded: str) -> str:
    """`folded` with debt "due within one year" said as the statements say it: current."""
    return _DUE_WITHIN_A_YEAR.sub(r" current \1 ", folded)


# the source said with a verb ("how much net income came from discontinued operations", "revenue that comes from
# China"): the line "... from ..." as printed, the verb no word of the measure
_CAME_FROM = re.compile(r"\b(?:came|comes|come|arose|arises|arising)\s+(?=from\b)")
# a line said to include the discontinued operations ("diluted EPS, total incl. discontinued", "net income including
# discontinued operations"): the total line, beside its continuing and discontinued parts ("continuing and discontinued"
# is left as said: a heading may print it)
_WITH_DISCONTINUED = re.compile(r"\b(?:total,?\s+)?(?:incl\.?|including|inc\.)\s+(?:the\s+)?discontinued"
                                r"(?:\s+(?:operations?|ops\.?|businesse?s?))?(?![\w-])")


# "cash paid for interest", "cash interest paid", "cash taxes paid": the payment, never the cash balance
_CASH_PAID_FOR = re.compile(r"\bcash\s+(?:paid|payments?|spent)\s+(?:for|on)\s+(interest|(?:income\s+)?tax(?:es)?)\b|"
                            r"\bcash\s+(interest|(?:income\s+)?tax(?:es)?)\s+paid\b")


# "dividends received by shareholders": what the company paid them, never what it received
_RECEIVED_BY_HOLDERS = re.compile(r"\b(dividends?|distributions?)\s+(?:received|earned)\s+by\s+(?:the\s+|its\s+|our\s+)?"
                                  r"(?:(?:share|stock|unit|equity\s+)holders|shareowners|investors|owners|members)\b")


# the cost of one kind of revenue, its kind said inside ("cost of systems revenue", "cost of product sales"): the cost
# of revenue, of that kind (a row "Cost of revenue › Systems")
_COST_OF_KIND = re.compile(r"\bcost\s+of\s+(?!goods\b|the\b|sales\b|revenues?\b|net\b|total\b)([a-z&-]+(?:\s+[a-z&-]+)?)\s+(revenues?|sales)\b")


def name_measures(folded: str) -> str:
    """`folded` with a measure worded as a verb phrase replaced by the measure's term (and holders as
    `name_holders` names them)."""
    folded = _WITH_DISCONTINUED.sub(" total ", _CAME_FROM.sub("", folded))
    folded = _PPE.sub("property plant and equipment", name_holders(folded))
    if not _CAPEX_NAMED.search(folded):      # ("how much capex did it spend on PP&E" names it already)
        folded = _SPENT_ON_PPE.sub("capital expenditure", folded)
    folded = _SPLIT_DECLARED.sub(r"\1 \2 per share", _SHARE_CLASS.sub(r"per \1", folded))
    folded = _PER_CLASS_SHARE.sub(r"\1 earnings per share", folded)      # (a loss per share is its EPS)
    folded = _EPS_BASIS_AFTER.sub(r"\1 eps", folded)
    folded = _OPERATING_FLOW.sub(" operating cash flow ", _OPERATING_CASH.sub(" operating cash flow ", folded))
    folded = _RECEIVED_BY_HOLDERS.sub(r"\1 paid to shareholders", _BUYING_BACK.sub("share repurchases", folded))
    folded = _CASH_PAID_FOR.sub(lambda m: f"{m.group(1) or m.group(2)} paid", folded)
    folded = _AT_THE_LINE.sub(lambda m: f" {_LINES[m.group(1)]} ", folded)
    folded = _COST_OF_KIND.sub(r"\1 cost of \2", due_within_a_year(folded))
    return _RETURNED.sub(_returned, _BOTTOM_LINE.sub(_bottom_line, folded))
