"""A company name's legal forms: the suffixes an analyst may leave off ("Acme Colas" = "Acme Colas Inc.") and a form
printed before the name ("PT Acme Tbk", "AS Acme"), and the name without them."""
from __future__ import annotations

import re

# Legal-entity suffixes: part of a legal name, optional when an analyst writes it ("Acme Colas" = "Acme Colas Inc.");
# a Thai "Public Company Limited" is one form, its "Public" no part of the name (not "PCL": a bank's provision)
LEGAL_SUFFIX = (r"(?:Public\s+Company\s+Limited|Public\s+Co\.?,?\s+Ltd\.?|Inc\.?|Incorporated|Corporation|Corp\.?|"
                r"Company|Co\.,?\s+Ltd\.?|Co\.?|Limited|Ltd\.?|"
                r"Pty\.?\s+Ltd\.?|plc|PLC|Plc|P\.L\.C\.|N\.\s?V\.|NV|S\.A\.|SA|AG|SE|ASA|AB|Oyj|S\.p\.A\.|GmbH|LLC|"
                r"L\.P\.|LP|Holdings|HD|Hldgs\.?|Bhd|Berhad|Kabushiki\s+Kaisha|K\.K\.|Tbk\.?|"
                r"[aA]\.[sS]\.|s\.r\.o\.|Nyrt\.|hf\.|S\.A\.A\.)")   # ("HD": Japanese Holdings; "a.s.": Czech, Slovak)
SUFFIX_TAIL = re.compile(rf"(?:,?\s+{LEGAL_SUFFIX})+\s*$")
# a legal form printed before the name: Indonesia's "PT", the joint-stock companies of the former Soviet states ("JSC",
# "PJSC", "OAO"), the Baltic "AS", "UAB" ("AS Gaujas Finieris", "PT Arta Merbabu Tbk"); never a brand's letters
# ("AB Commercial Mortgage Trust", "SIA Engineering", "AO Smith")
LEADING_FORM = re.compile(r"^\s*(?:PT|P\.T\.|JSC|PJSC|OJSC|OAO|PAO|AS|UAB)\s+(?=[A-Z][\w'’&-]*\s+\S)")


def bare_name(name: str) -> str:
    """A legal name without its suffixes, a leading 'The' and a legal form printed first ("The Acme Co., Ltd." ->
    "Acme", "PT Acme Tbk" -> "Acme")."""
    n = re.sub(r"\s+", " ", name).strip(" ,")
    prev = None
    while prev != n:
        prev = n
        n = SUFFIX_TAIL.sub("", n).strip(" ,")
    return LEADING_FORM.sub("", re.sub(r"(?i)^the\s+", "", n)).strip() or name.strip()
