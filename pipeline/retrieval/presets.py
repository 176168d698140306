"""Named retrieval configurations (the product's and the ablations an A/B or a shadow run compares it with), and
the parser for a preset name or a JSON object of retrieval arguments."""
from __future__ import annotations

import json

PRESETS: dict[str, dict] = {
    "product": {"mode": "hybrid", "rerank": True, "statements": True},
    "pool8-norerank": {"mode": "hybrid", "rerank": False, "statements": True, "pool_k": 8},
    "pool20-rerank": {"mode": "hybrid", "rerank": True, "statements": True, "pool_k": 20},
    "fused-no-locator": {"mode": "hybrid", "rerank": True, "statements": False},
    "fused-norerank": {"mode": "hybrid", "rerank": False, "statements": True},
    "dense": {"mode": "dense", "rerank": False},
    "keyword": {"mode": "keyword", "rerank": False},
}


def parse_config(text: str) -> tuple[str, dict]:
    """A preset name, or a JSON object of Retriever.retrieve keyword arguments."""
    if text in PRESETS:
        return text, PRESETS[text]
    try:
        cfg = json.loads(text)
    except ValueError:
        raise ValueError(f"unknown config {text!r}: use a preset ({', '.join(PRESETS)}) or a JSON object") from None
    allowed = {"mode", "rerank", "statements", "pool_k", "k"}
    if not isinstance(cfg, dict) or set(cfg) - allowed:
        raise ValueError(f"a config is a JSON object with keys among {sorted(allowed)}")
    return text, cfg
