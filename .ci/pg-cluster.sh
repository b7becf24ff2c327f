#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests: `start` prints DATABASE_URL-style settings to eval,
# `stop DIR` ends it. The cluster lives in a temporary folder on a free local port.
# `down DIR` and `up DIR` stop and restart it on the same port and data (outage tests).
set -euo pipefail

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] || { echo "PostgreSQL server binaries not found" >&2; exit 1; }
  echo "$dir"
}

as_owner() {
  # initdb refuses to run as root: run the cluster as the postgres system user then.
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

server_start() {
  as_owner "$1/pg_ctl" -D "$2/data" -l "$2/log" -o "-p $(cat "$2/port") -k $2 -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" -w start >/dev/null
}

case "${1:-}" in
  start)
    bin=$(pg_bin)
    dir=$(mktemp -d /tmp/aula-pg.XXXXXX)
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    port=$(free_port)
    as_owner "$bin/initdb" -D "$dir/data" -U aula --auth=trust -E UTF8 >/dev/null
    echo "$port" >"$dir/port"
    server_start "$bin" "$dir"
    as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U aula aula
    echo "export PG_CLUSTER_DIR=$dir"
    echo "export PG_CLUSTER_URL=postgres://aula@127.0.0.1:$port/aula"
    ;;
  down)
    dir=${2:?usage: pg-cluster.sh down DIR}
    as_owner "$(pg_bin)/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
  up)
    dir=${2:?usage: pg-cluster.sh up DIR}
    server_start "$(pg_bin)" "$dir"
    ;;
  stop)
    dir=${2:?usage: pg-cluster.sh stop DIR}
    as_owner "$(pg_bin)/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: pg-cluster.sh start | stop DIR | down DIR | up DIR" >&2
    exit 2
    ;;
esac
