#!/usr/bin/env bash
# A throwaway PostgreSQL for the tests: prints its URL on stdout, everything else on stderr.
#
#   TAGPROC_TEST_POSTGRES="$(.ci/postgres.sh)"; export TAGPROC_TEST_POSTGRES   # start (or reuse) it
#   .ci/postgres.sh stop                                                      # stop it, delete its files
#
# Installs PostgreSQL (Debian/Ubuntu: apt-get install postgresql) when no initdb is found, on PATH or in
# /usr/lib/postgresql/*/bin; initdb's a cluster in $TAGPROC_PG_DIR (a temp dir, /tmp/tagproc-pg-<port> by
# default) with trust authentication, listening on 127.0.0.1:$TAGPROC_PG_PORT (54329) only, no Unix socket
# outside that dir; creates the database tagproc_test. As root it runs the server as the user postgres
# (created if missing): initdb and postgres refuse root. A server already answering there is reused.
# fsync is off: the cluster is a throwaway, and the tests kill clients, never this server.
set -euo pipefail

PORT="${TAGPROC_PG_PORT:-54329}"
DIR="${TAGPROC_PG_DIR:-${TMPDIR:-/tmp}/tagproc-pg-$PORT}"
DB=tagproc_test
SUPERUSER=tagproc
URL="postgresql://$SUPERUSER@127.0.0.1:$PORT/$DB"

say() { echo "postgres.sh: $*" >&2; }

find_bin() {  # the directory holding initdb, pg_ctl, ... (the newest installed), or nothing
    local found
    if found="$(command -v initdb 2>/dev/null)"; then
        dirname "$(readlink -f "$found")"
        return
    fi
    found="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
    if [ -n "$found" ] && [ -x "$found/initdb" ]; then
        echo "$found"
    fi
}

install_postgres() {
    local sudo=""
    if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
    say "no initdb found: installing PostgreSQL with apt-get"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q >&2
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2
}

as_owner() {  # runs a command as the cluster's owner: postgres when we are root, ourselves otherwise
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

BIN="$(find_bin)"

if [ "${1:-start}" = stop ]; then
    if [ -n "$BIN" ] && [ -f "$DIR/data/PG_VERSION" ]; then
        as_owner "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >&2 || true
    fi
    rm -rf "$DIR"
    say "stopped, $DIR removed"
    exit 0
fi

if [ -z "$BIN" ]; then
    install_postgres
    BIN="$(find_bin)"
    if [ -z "$BIN" ]; then say "PostgreSQL installed but no initdb found"; exit 1; fi
fi

if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
    say "creating the system user postgres"
    useradd --system --user-group --no-create-home --shell /usr/sbin/nologin postgres
fi

if ! "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT"; then
    if [ ! -f "$DIR/data/PG_VERSION" ]; then
        rm -rf "$DIR"
        mkdir -p "$DIR"
        if [ "$(id -u)" = 0 ]; then chown postgres: "$DIR"; fi
        say "initdb in $DIR/data ($("$BIN/initdb" --version))"
        as_owner "$BIN/initdb" -D "$DIR/data" -U "$SUPERUSER" --auth=trust --encoding=UTF8 \
            --locale=C.UTF-8 --no-sync >"$DIR/initdb.log" 2>&1 \
            || { cat "$DIR/initdb.log" >&2; exit 1; }
    fi
    say "starting on 127.0.0.1:$PORT"
    as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/data/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $PORT -c unix_socket_directories='$DIR' -c fsync=off" start >&2 \
        || { cat "$DIR/data/server.log" >&2; exit 1; }
fi

PSQL=("$BIN/psql" -X -q -h 127.0.0.1 -p "$PORT" -U "$SUPERUSER" -d postgres -v ON_ERROR_STOP=1)
if [ "$("${PSQL[@]}" -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB'")" != 1 ]; then
    "${PSQL[@]}" -c "CREATE DATABASE $DB" >&2
fi
echo "$URL"
