"""The words of a figure question that qualify nothing (how it is asked), or qualify only softly (the default reading
said outright: "total", "consolidated", "reported"), or say what kind of thing a qualifier names ("segment")."""
from __future__ import annotations

import re

# Words that say how a question is asked, not what: never qualifiers.
FILLER = set("""what was were is are the of in for did does do how much many which who when where why a an and or to by
on at as its it their this that these those be been has have had with from into than then there such if but not no
will would can could should about give tell me please fy fiscal year years amount value figure report reported
company company's end ended ending period usd us dollars dollar millions million billions billion thousands thousand
answer round rounded decimal places place units unit calculate compute computed based basing according information
statement statements provided primarily outlined detail details clearly taking take account conclusions drawing stated
only judgment judgement plainly approximation reasonable exact number possible metric financial question response
respond relying rely using use shown show see given latest recent full annual level figures data look looking find
also all any state yearly during over time overall approximately roughly about around just exactly respectively
record recorded recognise recognised recognize recognized post posted generate generated spend spent have had make made earn earned book booked incur incurred
deliver delivered achieve achieved worth
total whole entire sum aggregate so far per cent percent percentage expressed express terms term described describe
defined define definition named name called line item items pay paid paying pays spend spending invest invested
receive received bring brought get got hold held own owned owe owed returned distribute distributed carry
out hand big count inc corp corporation plc ltd limited llc
grow grew grown growth change changed changes increase increased decrease decreased decline declined rise rose fall
fell yoy compared compare versus vs improve improved improvement average avg cagr compound compounded annual annualized
less minus plus between within throughout upon among across onto toward towards via whose them they we our us you
your my while both each every either neither another some same so too very may might must shall being having
end-of year-end yearend later earlier before after prior previous next following preceding ago last that this
same positive negative above below under exceed exceeds exceeded greater more bigger larger higher better worse
smaller lower faster slower now currently today then
fye back going go ok okay switch switching let let's lets sure thanks thank great cool hmm again""".split())
# ("negative operating cash flow?", "inventory above $10 billion?" ask about the figure, not for another row)
# Qualifiers whose absence from a row means the default reading: implied when the table offers no alternative.
SOFT = {"total", "consolidated", "reported", "gaap", "unadjusted", "attributable", "shareholders", "stockholders",
         "common", "group", "net", "overall", "company", "parent", "owners",
         # whose profit or equity, in IFRS wording: "attributable to ordinary shareholders / members / equity holders"
         "ordinary", "members", "holders",
         # the default reading said outright: "statutory" (UK) and "IFRS" figures are the reported ones, as is a
         # figure "applicable to" the shareholders (attributable to them)
         "statutory", "ifrs", "applicable",
         # a dividend per share is the rate declared (proposed, recommended) for the year: saying so narrows nothing
         "declare", "declared", "declaring", "determined", "determine", "proposed", "propose", "proposing", "recommended", "recommend",
         "recommending", "weeks",
         # the parent's own figure asked ("standalone", "(individual)"): which column, read as `parent_only`
         "standalone", "individual", "unconsolidated",
         # a comparative "as restated" / "after the restatement": the report's own comparative column is the restated one
         "restated", "restatement"}
# "North America segment operating income": the segment's name is the qualifier, the word only says what kind of
# thing it is; "segment revenue" naming no segment keeps the word, so no company total answers it.
KIND_WORDS = {"segment", "segments", "division", "divisions", "reportable"}

# things a business counts as it delivers them ("Homes delivered", "Aircraft delivered"); never "savings delivered"
DELIVERED_THINGS = (r"(?:homes|houses|units|vehicles|cars|trucks|buses|aircraft|airplanes|planes|jets|ships|vessels|"
                    r"rigs|turbines|locomotives|engines|systems|tonnes|tons|ounces|barrels|packages|parcels|orders|"
                    r"apartments|lots|boxes)")

# how a question about a sentence is asked, never what about: who the answer is from ("according to management", "in
# the view of the board") or that a quantity is asked ("the size of the nucleus estate")
HOW_ASKED = re.compile(r"(?i)\b(?:according\s+to|per(?=\s+(?:the\s+)?(?:management|board|directors|ceo|chief|chair|"
                       r"company)\b(?!\s+f))|in\s+the\s+(?:view|words)\s+of|as\s+(?:explained|stated|said)\s+by)\s+"
                       r"(?:the\s+)?(?:management|board|directors|ceo|chief\s+executive|chair(?:man)?|company)\b|"
                       r"\bin\s+management['’]s\s+(?:view|words|opinion)\b|\bmanagement\s+(?:says|said|explains?)\b|"
                       r"^\s*(?:what\s+(?:is|was)\s+)?(?:the\s+)?size\s+of\b")
