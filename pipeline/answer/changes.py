"""How a question asks for a change and how a sentence states one: "by how much did it grow?", "increased by $400
million", "an increase of 3%", "increased 14% to $21.3 billion" (a change with the level it reached), and what may
happen ("the Company may increase ...") as against what happened."""
from __future__ import annotations

import re

CHANGE_Q = re.compile(r"(?i)\bby how much\b|\bhow much did\b.*\b(increase|decrease|grow|rise|fall|decline|change|raise|"
                       r"reduce|cut)\b")
CHANGE = re.compile(r"(?i)\b(increas\w*|decreas\w*|grew|grow\w*|rose|ris(e|en|ing)|fell|fall\w*|declin\w*|chang\w*|"
                     r"rais\w*|reduc\w*|cut|up|down|higher|lower)\b")
# a yes/no question comparing two figures ("did 2H61's result exceed 1H61's?", "was revenue higher than in 2060?"): a
# sentence answers it only where it states a direction or a comparison ("rose", "lower than", "exceeded")
COMPARISON_Q = re.compile(r"(?i)\b(exceed\w*|outperform\w*|surpass\w*|higher|lower|greater|larger|smaller|more\s+than|"
                          r"less\s+than|above|below|beat)\b")
COMPARISON = re.compile(CHANGE.pattern + r"|(?i:\b(exceed\w*|outperform\w*|surpass\w*|greater|larger|smaller|more\s+than|"
                        r"less\s+than|above|below|compared|versus|against)\b)")
# The amount of a change: "increased by $400 million", "an increase of 3%", "a $400 million increase".
# ("made up of approximately 116,000 employees" states a level: "of" is a change only after a change word)
STATED_CHANGE = re.compile(r"(?i)\bby\s+(approximately\s+|about\s+|nearly\s+)?(\$|US\$|€|£)?\s?\d|"
                            r"\b(increas|decreas|declin|grow|grew|rose|rise|fell|fall|improv|drop|rais|reduc|chang|addition|"
                            r"loss|gain|reduction)\w*"
                            r"\s+of\s+(approximately\s+|about\s+|nearly\s+)?(\$|US\$|€|£)?\s?\d|"
                            r"\d[\d,.]*\s*(%|percent|million|billion)?\s+(increase|decrease|rise|reduction|decline|drop|"
                            r"improvement|deterioration|growth|change)\b")
# "increased $555 million", "declined by 3%": the amount of a change, never the figure itself
CHANGED_BY = re.compile(r"(?i)\b(increas|decreas|declin|grew|rose|fell|improv|drop)\w*\s+(by\s+|of\s+)?(approximately\s+|"
                         r"about\s+|nearly\s+)?(\$|US\$|€|£)?\s?\d")
# ... unless it also states the level reached: "increased 14% to $21.3 billion"
CHANGED_TO = re.compile(r"(?i)\b(increas|decreas|declin|grew|rose|fell|improv|drop)\w*\b(?:[^.;]|\.(?=\d)){0,80}\bto\s+(approximately\s+|"
                         r"about\s+)?(\$|US\$|€|£|¥|Rs\.?|R|EUR|GBP|JPY|INR|[A-Z]{0,2}\$)\s?\d")
# What may happen is not what happened: "the Company may ... increase the commitments to up to $4.95 billion".
MAY_CHANGE = re.compile(r"(?i)\b(may|might|could|would|can)\b[^.]{0,120}\b(increas|decreas|rais|reduc|extend|expand)\w*")
