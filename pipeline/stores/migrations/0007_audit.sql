-- The audit trail: one append-only record per turn, hash-chained to the previous one. Separate from the
-- checkpoints (operational storage): a reviewer must be able to prove months later what was answered and why.
CREATE TABLE audit_log (
    id            bigserial PRIMARY KEY,
    at            timestamptz NOT NULL DEFAULT now(),
    thread_id     text NOT NULL DEFAULT '',
    turn_id       text NOT NULL,
    user_id       text NOT NULL DEFAULT '',
    record        jsonb NOT NULL,          -- question, route, documents, verdicts, answer, citations, config
    code_version  text NOT NULL,
    prev_hash     text NOT NULL,
    hash          text NOT NULL UNIQUE
);

-- Where the chain starts after retention removed older rows (verification starts from here).
CREATE TABLE audit_anchor (
    id         integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    last_id    bigint NOT NULL,
    last_hash  text NOT NULL,
    pruned_at  timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION audit_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- Rows leave only through audit_prune(), and only when older than the retention it was given.
    IF TG_OP = 'DELETE' AND current_setting('ara.audit_prune_before', true) IS NOT NULL
       AND current_setting('ara.audit_prune_before', true) <> ''
       AND OLD.at < current_setting('ara.audit_prune_before', true)::timestamptz THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP;
END $$;

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_guard();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_guard();

-- The one privileged way out: delete rows older than the retention period, record where the chain now starts.
CREATE FUNCTION audit_prune(retention interval) RETURNS integer LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
    cutoff timestamptz := now() - retention;
    last   record;
    n      integer;
BEGIN
    IF retention < interval '1 day' THEN
        RAISE EXCEPTION 'audit retention must be at least one day';
    END IF;
    PERFORM pg_advisory_xact_lock(74210007);
    SELECT id, hash INTO last FROM audit_log WHERE at < cutoff ORDER BY id DESC LIMIT 1;
    IF last IS NULL THEN
        RETURN 0;
    END IF;
    PERFORM set_config('ara.audit_prune_before', cutoff::text, true);
    DELETE FROM audit_log WHERE id <= last.id AND at < cutoff;
    GET DIAGNOSTICS n = ROW_COUNT;
    PERFORM set_config('ara.audit_prune_before', '', true);
    INSERT INTO audit_anchor (id, last_id, last_hash) VALUES (1, last.id, last.hash)
        ON CONFLICT (id) DO UPDATE SET last_id = EXCLUDED.last_id, last_hash = EXCLUDED.last_hash, pruned_at = now();
    RETURN n;
END $$;
