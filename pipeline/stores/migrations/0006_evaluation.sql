-- Evaluation runs and baselines (for the dashboard), and shadow-mode outputs (never shown to the analyst).
CREATE TABLE eval_runs (
    id          bigserial PRIMARY KEY,
    name        text NOT NULL,
    mode        text NOT NULL,
    is_baseline boolean NOT NULL DEFAULT false,
    git_commit  text NOT NULL DEFAULT '',
    config      jsonb NOT NULL DEFAULT '{}',
    metrics     jsonb NOT NULL,
    cases       jsonb NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX eval_runs_name_idx ON eval_runs (name, created_at DESC);

CREATE TABLE shadow_runs (
    id          bigserial PRIMARY KEY,
    turn_id     text NOT NULL,
    config      jsonb NOT NULL,
    question    text NOT NULL,
    live_answer text NOT NULL,
    answer      text NOT NULL,
    state       jsonb NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shadow_runs_turn_idx ON shadow_runs (turn_id);
