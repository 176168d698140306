"""The settings every `ara` command starts from, checked first."""
from __future__ import annotations

import click

from pipeline.settings import Settings, get_settings


def checked_settings() -> Settings:
    """The settings, checked at start-up: a model setting that cannot work is a clear error, not a fail-open
    on every turn (OPENAI_BASE_URL without ARA_LLM_MODEL lists the server's models)."""
    from pipeline.providers.llm import ModelConfigError, check_config

    s = get_settings()
    try:
        check_config(s)
    except ModelConfigError as e:
        raise click.ClickException(str(e)) from None
    return s

