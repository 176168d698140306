-- Sign-in for a shared deployment (ARA_AUTH=password|oidc): the people who may sign in and their role, and the
-- server-side sessions that keep a password sign-in across page reloads (the browser holds only a random token;
-- the row holds its sha256, so a copy of this table signs nobody in).
CREATE TABLE app_users (
    username      text PRIMARY KEY CHECK (username = lower(username) AND length(username) BETWEEN 1 AND 200),
    role          text NOT NULL CHECK (role IN ('analyst', 'reviewer', 'admin')),
    password_hash text,                      -- argon2id; NULL for a user who signs in through the identity provider
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE app_sessions (
    token_sha256  text PRIMARY KEY,
    username      text NOT NULL REFERENCES app_users(username) ON DELETE CASCADE,
    created_at    timestamptz NOT NULL DEFAULT now(),
    expires_at    timestamptz NOT NULL
);
CREATE INDEX app_sessions_user_idx ON app_sessions (username);
