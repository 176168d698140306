"""The one typed settings object: environment variables (and `.env`) over defaults.

Every knob the product has lives here; modules receive a `Settings` instead of reading the
environment themselves. The README's configuration table lists each field's variable.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

_SHARED_CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "pdfs"


def default_corpus_dir() -> Path | None:
    """`../shared/corpus/pdfs` next to the checkout, when it exists."""
    for candidate in (Path.cwd().parent / "shared" / "corpus" / "pdfs", _SHARED_CORPUS):
        if candidate.is_dir():
            return candidate.resolve()
    return None


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_prefix="ARA_", extra="ignore", populate_by_name=True)

    # --- storage -------------------------------------------------------------------------
    database_url: str | None = Field(
        default=None,
        validation_alias=AliasChoices("DATABASE_URL", "ARA_DATABASE_URL"),
        description="External Postgres with pgvector; unset = embedded pgserver under data_dir.",
    )
    db_pool_size: int = Field(default=8, ge=2, le=100,
                              description="Most database connections one process holds (its pool); see pool.py.")
    db_pool_timeout: float = Field(default=30.0, gt=0,
                                   description="Seconds a borrower waits for a free pooled connection.")
    db_transaction_pooler: bool = Field(
        default=False, description="DATABASE_URL is a transaction-mode pooler (pgbouncer) that cannot keep prepared"
        " statements (pgbouncer < 1.21 or max_prepared_statements = 0): never prepare server-side.")
    data_dir: Path = Field(default=Path(".data"), description="Embedded database, caches, indexes.")
    corpus_dir: Path | None = Field(default_factory=default_corpus_dir,
                                    description="Folder of PDFs that `ara ingest` reads by default.")

    # --- embeddings ----------------------------------------------------------------------
    embed_provider: Literal["local", "openai"] = "local"
    embed_model: str = Field(default="", description="Model name; empty = the provider's default.")
    embed_batch_size: int = 32
    chunk_tokens: int = Field(default=128, ge=32, le=512,
                              description="Word-piece budget of one chunk (MiniLM is fastest <=128).")

    # --- retrieval -----------------------------------------------------------------------
    pool_k: int = Field(default=20, ge=1, description="Candidates per retriever before fusion.")
    final_k: int = Field(default=8, ge=1, description="Pages kept after fusion and reranking.")
    keyword_backend: Literal["postgres", "bm25s"] = Field(
        default="postgres", description="postgres: BM25 in SQL over the searched scope (scales); bm25s: the "
        "whole-corpus in-memory index rebuilt per process on every corpus change (the earlier baseline).")
    registry_file: Path | None = Field(default=None, description="More companies (TOML), added to the bundled registry.")

    # --- providers (plug into the same steps when configured) ----------------------------
    openai_api_key: SecretStr | None = Field(default=None, validation_alias=AliasChoices("OPENAI_API_KEY"))
    openai_base_url: str | None = Field(default=None, validation_alias=AliasChoices("OPENAI_BASE_URL"))
    llm_model: str = Field(default="", description="Model id; empty = gpt-4o-mini on OpenAI, an error with "
                                                   "OPENAI_BASE_URL (the server's models are listed).")
    llm_timeout: float = Field(default=30.0, description="Seconds per model call.")
    llm_max_retries: int = Field(default=1, description="Retries per model call (429/5xx/timeouts).")
    llm_max_tokens: int = Field(default=700, ge=64, description="Most tokens one model reply may have.")
    llm_synth_retries: int = Field(default=1, ge=0, le=2,
                                   description="Targeted re-asks of the model after a failed check (then extractive).")
    llm_calls_per_turn: int = Field(default=3, ge=2, le=10,
                                    description="Most model calls one answered turn makes (router, summary, "
                                                "synthesis and its re-asks, verifier); a cache hit makes none.")
    llm_price_input: float | None = Field(default=None, ge=0, description="USD per million input tokens (cost).")
    llm_price_output: float | None = Field(default=None, ge=0, description="USD per million output tokens (cost).")
    rerank_provider: Literal["rules", "cohere"] = "rules"
    rerank_model: str = "rerank-english-v3.0"
    cohere_base_url: str | None = Field(default=None, description="Cohere API base URL (tests use a local fake).")
    cache_enabled: bool = True
    cache_return_threshold: float = Field(default=0.95, ge=0, le=1)
    cache_seed_threshold: float = Field(default=0.80, ge=0, le=1)
    notes_ttl_days: float = Field(default=180, gt=0, description="Lifetime of long-term memory notes.")
    context_budget_tokens: int = Field(default=3000, ge=100, description="Token budget of an assembled context.")
    checkpoint_retention_days: float = Field(default=90, gt=0, description="`ara prune` default.")
    debug_pause_after_node: str = Field(default="", description="Fault-injection tests only: sleep after this node.")
    debug_ingest_fault: str = Field(default="", description="Fault-injection tests only: PHASE:ACTION, e.g. "
                                    "document:kill (ingest/run.py _phase).")
    debug: bool = Field(default=False, description="Errors show their traceback (the CLI's --debug).")
    eval_suites_dir: Path = Field(default=Path(__file__).resolve().parent.parent / "evals" / "suites",
                                  description="Where `ara eval` reads its suites.")
    eval_quality_dirs: str = Field(
        default="../shared/corpus:../shared/corpus-more",
        description="Folders (':'-separated, relative to the working directory) holding FinanceBench-style "
                    "questions.jsonl (or financebench/questions.jsonl) for `ara eval quality`.")
    eval_sets_dir: Path = Field(default=Path(__file__).resolve().parent.parent / "evals" / "sets",
                                description="Where `ara eval quality` reads the hand-graded sets (*.jsonl).")
    shadow_config: str = Field(default="", description="JSON retrieval overrides of a candidate run on live turns.")
    app_users: Literal["single", "per-session"] = Field(
        default="single", description="Without sign-in (auth=none) - single: one local analyst; per-session: every "
        "browser is its own anonymous analyst, kept across reloads by a cookie.")
    auth: Literal["none", "password", "oidc"] = Field(
        default="none", description="Sign-in: none (single-user local mode, or per-session), password (users in "
        "Postgres, `ara users`), oidc (Streamlit's st.login, configured in .streamlit/secrets.toml [auth]).")
    auth_session_days: float = Field(default=7, gt=0, le=365,
                                     description="How long a password sign-in lasts without signing in again.")
    auth_max_failures: int = Field(
        default=5, ge=0, description="Password sign-in: after this many failed tries for one user name within "
        "auth_failure_window_minutes, further tries are refused until the window has passed (0: no limit).")
    auth_failure_window_minutes: float = Field(default=10, gt=0, le=1440,
                                               description="The window of auth_max_failures, in minutes.")
    auth_oidc_default_role: Literal["analyst", "reviewer", "refuse"] = Field(
        default="analyst", description="Role of someone the identity provider signs in who is not in `ara users`; "
        "refuse: only listed users get in.")
    audit_retention_days: float = Field(default=2557, ge=1, description="Audit records are kept ~7 years.")
    fail_open_threshold: int = Field(default=0, ge=0,
                                     description="`ara health` exits 1 when a layer failed open more often.")
    cohere_api_key: SecretStr | None = Field(default=None, validation_alias=AliasChoices("COHERE_API_KEY"))

    @field_validator("data_dir", mode="after")
    @classmethod
    def _absolute(cls, v: Path) -> Path:
        return v.expanduser().resolve()

    @property
    def pgdata_dir(self) -> Path:
        return self.data_dir / "pgdata"

    @property
    def embed_model_name(self) -> str:
        if self.embed_model:
            return self.embed_model
        return {"local": "all-MiniLM-L6-v2-onnx-int8", "openai": "text-embedding-3-small"}[self.embed_provider]


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
