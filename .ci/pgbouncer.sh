#!/usr/bin/env bash
# A throwaway PgBouncer in transaction mode (the pooling serverless deployments rely on) in front of
# a PostgreSQL server, for tests: `start SERVER_URL` prints settings to eval (PGBOUNCER_URL: the same
# URL through the pooler, PGBOUNCER_DIR), `stop DIR` ends it. Debian's `pgbouncer` package; it runs
# on a free local port, trusting every client, as the postgres system user when started as root
# (PgBouncer refuses to run as root). docs/deploy.md has the settings a real deployment needs.
set -euo pipefail

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

case "${1:-}" in
  start)
    url=${2:?usage: pgbouncer.sh start SERVER_URL}
    # Debian puts it in /usr/sbin, which is not on every user's PATH.
    bin=$(command -v pgbouncer || echo /usr/sbin/pgbouncer)
    [ -x "$bin" ] || { echo "pgbouncer not found (Debian: apt-get install pgbouncer)" >&2; exit 1; }
    # postgres://user[:password]@host:port/database: only user, host and port matter here.
    read -r user host port < <(node -e '
      const u = new URL(process.argv[1]);
      console.log(decodeURIComponent(u.username) || "postgres", u.hostname, u.port || 5432);
    ' "$url")
    dir=$(mktemp -d /tmp/aula-pgbouncer.XXXXXX)
    listen=$(free_port)
    cat >"$dir/pgbouncer.ini" <<EOF
[databases]
* = host=$host port=$port
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $listen
unix_socket_dir =
auth_type = trust
auth_file = $dir/users.txt
pool_mode = transaction
max_client_conn = 500
default_pool_size = 10
logfile = $dir/log
pidfile = $dir/pid
EOF
    printf '"%s" ""\n' "$user" >"$dir/users.txt"
    as_user=()
    if [ "$(id -u)" = 0 ]; then
      chown -R postgres "$dir"
      as_user=(-u postgres)
    fi
    "$bin" -d "${as_user[@]}" "$dir/pgbouncer.ini"
    for _ in $(seq 1 50); do
      node -e 'require("net").connect(+process.argv[1], "127.0.0.1").on("connect", () => process.exit(0)).on("error", () => process.exit(1))' "$listen" && break
      sleep 0.1
    done
    pooled=$(node -e 'const u = new URL(process.argv[1]); u.hostname = "127.0.0.1"; u.port = process.argv[2]; console.log(u.toString())' "$url" "$listen")
    echo "export PGBOUNCER_DIR=$dir"
    echo "export PGBOUNCER_URL=$pooled"
    ;;
  stop)
    dir=${2:?usage: pgbouncer.sh stop DIR}
    if [ -f "$dir/pid" ]; then
      pid=$(cat "$dir/pid")
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: pgbouncer.sh start SERVER_URL | stop DIR" >&2
    exit 2
    ;;
esac
