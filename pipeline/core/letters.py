"""The Latin letters names are written in, accented ones too ("Ñandubay", "Ragnheiður Bergsveinsdóttir", "Łódź",
"Škoda"), as character-class bodies for the readers of company and people's names (`[{UPPER}]`, `[{LOWER}]`)."""
from __future__ import annotations

UPPER = "A-ZÀ-ÖØ-ÞĀĂĄĆČĎĐĒĖĘĚĞĪİĶĹĽŁŃŅŇŌŐŒŘŚŞŠŢŤŪŮŰŲŹŻŽ"
LOWER = "a-zß-öø-ÿāăąćčďđēėęěğīıķĺľłńņňōőœřśşšţťūůűųźżž"
