"""The README stays true: its policy table and settings table match the code."""
import re
from pathlib import Path

from pipeline.guardrails.policy import POLICY
from pipeline.settings import Settings

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def test_policy_table_matches_the_code():
    rows = dict(re.findall(r"^\| `(\w+)` \| fail-(open|closed) \|", README, re.M))
    assert rows == {k: v.mode for k, v in POLICY.items()}


def test_every_setting_is_documented():
    documented = set(re.findall(r"^\| `([A-Z_]+)` \|", README, re.M))
    for name, field in Settings.model_fields.items():
        aliases = getattr(field.validation_alias, "choices", None) or []
        names = {f"ARA_{name.upper()}", *[a for a in aliases if isinstance(a, str)]}
        assert names & documented, f"{name} is not in the README's configuration table"
