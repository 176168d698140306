-- Every fail-open of a guardrail layer, so that degraded paths are counted, never silent (`ara health`).
CREATE TABLE fail_open_events (
    id       bigserial PRIMARY KEY,
    layer    text NOT NULL,
    turn_id  text NOT NULL DEFAULT '',
    error    text NOT NULL DEFAULT '',
    at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fail_open_events_at_idx ON fail_open_events (at, layer);
