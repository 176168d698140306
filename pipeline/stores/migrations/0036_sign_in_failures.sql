-- Failed password sign-ins per user name typed (ARA_AUTH=password), so that guessing is rate-limited across every
-- app process of a deployment (ARA_AUTH_MAX_FAILURES in ARA_AUTH_FAILURE_WINDOW_MINUTES). Keyed by the name as
-- typed (lower case), known user or not, so an attacker learns nothing from which names are limited. Rows older
-- than the window are deleted when a failure is recorded; a successful sign-in or a new password clears them.
CREATE TABLE sign_in_failures (
    username  text NOT NULL CHECK (length(username) BETWEEN 1 AND 200),
    failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_failures_user_idx ON sign_in_failures (username, failed_at);
