-- Memory: durable threads, one row per turn, the turn state checkpointed after every node, long-term notes,
-- and the semantic answer cache (its own table: a cached answer is a claim, never a source).
CREATE TABLE threads (
    thread_id   text PRIMARY KEY,
    user_id     text NOT NULL DEFAULT 'local',
    title       text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX threads_user_idx ON threads (user_id, updated_at DESC);

CREATE TABLE turns (
    thread_id    text NOT NULL REFERENCES threads(thread_id) ON DELETE CASCADE,
    turn         integer NOT NULL,
    turn_id      text NOT NULL UNIQUE,
    question     text NOT NULL,
    answer       text,
    status       text NOT NULL DEFAULT 'running',   -- running | complete (a killed turn stays running)
    final_state  jsonb,
    started_at   timestamptz NOT NULL DEFAULT now(),
    completed_at timestamptz,
    PRIMARY KEY (thread_id, turn)
);

CREATE TABLE checkpoints (
    id          bigserial PRIMARY KEY,
    thread_id   text NOT NULL,
    turn        integer NOT NULL,
    step        integer NOT NULL,
    parent_id   bigint REFERENCES checkpoints(id) ON DELETE SET NULL,
    node        text NOT NULL,
    state       jsonb NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (thread_id, turn, step),
    FOREIGN KEY (thread_id, turn) REFERENCES turns(thread_id, turn) ON DELETE CASCADE
);
CREATE INDEX checkpoints_age_idx ON checkpoints (created_at);

CREATE TABLE memory_notes (
    id          bigserial PRIMARY KEY,
    user_id     text NOT NULL,
    entity      text NOT NULL,          -- a company name, or '*' for notes about the analyst
    note        text NOT NULL,
    thread_id   text NOT NULL DEFAULT '',
    turn        integer NOT NULL DEFAULT 0,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL
);
CREATE INDEX memory_notes_lookup_idx ON memory_notes (user_id, entity, expires_at);

CREATE TABLE semantic_cache (
    id             bigserial PRIMARY KEY,
    question       text NOT NULL,
    embedding      vector NOT NULL,
    company        text NOT NULL,
    fiscal_year    integer,
    metric         text,
    polarity       text NOT NULL DEFAULT '',
    answer         jsonb NOT NULL,       -- the clean answer and its citations, no caveats or warnings
    docs           text[] NOT NULL,      -- documents it cites: re-ingesting one invalidates the entry
    corpus_version text NOT NULL,
    embed_model    text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX semantic_cache_keys_idx ON semantic_cache (company, fiscal_year);
