"""How a person's name is printed in a report: given name(s), an initial, surname(s) ("Jane K. Roe", "Miriam
Osei-Barlow", "Ana Inés Barreiro Sosa"), a title before it and letters after it; what is read into it by the layout
(a letter's closing words, the town under a signature, a title) is no part of it."""
from __future__ import annotations

import re

from pipeline.core import letters
from pipeline.core.common_words import is_common_word
from pipeline.question.places import is_place

# (a double-barrelled name keeps both parts: "Miriam Osei-Barlow", "Anne-Marie Roe")
# (in any Latin letters: "Ragnheiður Bergsveinsdóttir", "Ásthildur Magnúsdóttir")
_U, _L = f"[{letters.UPPER}]", f"[{letters.LOWER}'’]"
_NAME_WORDS = (r"company|inc|corp|corporation|board|group|committee|annual|report|officer|executive|"
               r"director|directors|chief|financial|principal|accounting|president|vice|senior|the|our|and|"
               r"limited|ltd|plc|llp|statements?|united|states|securities|exchange|commission|form|item|"
               r"chair\w*|secretary|audit|independent|non|trust|bank|holdings|fund|notes?|page|signature\w*|"
               r"title|date|name|by|capacity|managing|operating|general|counsel|global|total|treasurer|controller|"
               r"information|marketing|human|resources|technology|officers?|serves|appointed|members?|"
               r"international|statutory|auditors?")
# (a second given name or a second surname, as Spanish and Portuguese names print them: "Ana Inés Barreiro Sosa")
_NO_TITLE = rf"(?!(?i:{_NAME_WORDS})\b)"
_MORE = rf"(?:\s+{_NO_TITLE}{_U}{_L}+)?"
NAME = (rf"(?:(?:Mr|Ms|Mrs|Dr|Prof)\.?\s+)?{_NO_TITLE}{_U}{_L}+(?:-{_U}?{_L}+)*{_MORE}(?:\s+{_U}\.?)?"
        rf"\s+(?:Mc|Mac|de\s+|van\s+)?{_NO_TITLE}{_U}{_L}+(?:-{_U}?{_L}+)*{_MORE}(?:\s+Jr\.?)?(?![\w'’])")
# the letters after a name in a directors' report ("Siobhan Kerr BCom CA was appointed ...", "Jane Roe LLB MAICD")
POST_NOMINALS = (r"(?:,?\s+(?:BCom|BComm|BEc|BBus|BA|BSc|BEng|LLB|LLM|MBA|MA|MSc|MEng|PhD|CA|CPA|FCA|ACA|FCPA|CFA|FCIS|"
                 r"ACIS|FGIA|AGIA|MAICD|GAICD|FAICD|FCCA|ACCA|CIMA|FCMA|ACMA|OBE|CBE|MBE|AM|AO|OAM|JP)(?:\s?\(Hons\))?){0,5}")
NOT_NAME = re.compile(rf"(?i)\b(?:{_NAME_WORDS})\b")


def clean(name: str) -> str:
    """The name without its title, and without what was read into it beyond two names' worth: a letter's closing
    words or a country before it ("Kind Regards Jane Roe"), a word English uses often after it (a town, a title, a verb:
    "Jane Roe Melbourne", "... Said"); a second given name or surname, "Ana Inés Barreiro Sosa", is a word English
    rarely uses."""
    words = re.sub(r"^(?:Mr|Ms|Mrs|Dr|Prof)\.?\s+", "", name.strip()).split()
    full = lambda ws: sum(1 for w in ws if not re.fullmatch(r"[A-Z]\.?", w))     # noqa: E731 (initials aside)
    while full(words) > 2 and (_SIGN_OFF.fullmatch(words[0]) or is_place(words[0])):
        words = words[1:]
    while full(words) > 2 and (is_place(words[-1]) or is_common_word(words[-1])):   # ("Jane Roe Melbourne", "... Said")
        words = words[:-1]
    return " ".join(words)


# a letter's closing words before its signature ("Kind regards", "Yours sincerely", "Signed"): never a given name
_SIGN_OFF = re.compile(r"(?i)kind|best|warm|regards|yours|sincerely|faithfully|truly|signed|dear|thanks")


def is_name(name: str) -> bool:
    """Two to four words, none a title's or an organisation's."""
    words = clean(name).split()
    return 2 <= len(words) <= 4 and words[0] != words[-1] and not any(NOT_NAME.fullmatch(w.strip(".,")) for w in words)
