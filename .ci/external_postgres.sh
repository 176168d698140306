#!/usr/bin/env bash
# Start a separate PostgreSQL 16 + pgvector server on 127.0.0.1 with password (scram-sha-256) auth, from the
# binaries bundled in pgserver, so the DATABASE_URL path is tested over TCP exactly as a team would use it.
# Usage: source .ci/external_postgres.sh start   -> exports DATABASE_URL
#        bash .ci/external_postgres.sh stop
set -euo pipefail
PYTHON=${PYTHON:-.venv/bin/python}
PORT=${ARA_CI_PG_PORT:-55432}
DIR=${ARA_CI_PG_DIR:-/tmp/ara-ci-external-pg}
PGBIN=$("$PYTHON" -c "import pathlib, pgserver; print(pathlib.Path(pgserver.__file__).parent / 'pginstall' / 'bin')")
RUN=()
if [ "$(id -u)" = 0 ]; then
  # postgres refuses to run as root: use an unprivileged user, and let it reach the binaries.
  id ara_ci >/dev/null 2>&1 || useradd -M -s /usr/sbin/nologin ara_ci
  RUN=(runuser -u ara_ci --)
  p="$PGBIN"; while [ "$p" != "/" ]; do chmod o+x "$p" 2>/dev/null || true; p=$(dirname "$p"); done
  chmod -R o+rX "$(dirname "$PGBIN")"
fi
case "${1:-start}" in
  start)
    rm -rf "$DIR"; mkdir -p "$DIR"
    PW="ci-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"
    printf '%s\n' "$PW" > "$DIR/pw"
    [ "${#RUN[@]}" -gt 0 ] && chown -R ara_ci "$DIR"
    chmod 700 "$DIR"
    "${RUN[@]}" "$PGBIN/initdb" -D "$DIR/data" -U ara --pwfile="$DIR/pw" --auth=scram-sha-256 -E UTF8 >/dev/null
    "${RUN[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w -t 30 \
        -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR" start >/dev/null
    export DATABASE_URL="postgresql://ara:${PW}@127.0.0.1:${PORT}/postgres"
    echo "external Postgres on 127.0.0.1:$PORT (scram-sha-256) is up"
    ;;
  stop)
    "${RUN[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" -m fast stop >/dev/null 2>&1 || true
    ;;
esac
