#!/usr/bin/env bash
# The Dockerfile's build steps, in one place. Keep in step with ./Dockerfile: its RUN lines call
# this script (deps, build, assemble), so the image and a run outside Docker do the same thing.
#
#   bash scripts/docker-build-steps.sh deps              npm ci (in the current folder)
#   bash scripts/docker-build-steps.sh build             next build (output: "standalone")
#   bash scripts/docker-build-steps.sh assemble OUT      .next/standalone + .next/static + public → OUT,
#                                                        without @sparticuz/chromium (the image has Debian's)
#   bash scripts/docker-build-steps.sh check OUT [PORT]  start OUT/server.js, expect /api/health 200, stop
#   bash scripts/docker-build-steps.sh [all] [OUT]       everything, outside Docker: the tracked files
#                                                        copied to a temporary folder, deps, build,
#                                                        assemble into OUT (default: a temporary one), check
#
# `all` runs `npm ci` in its copy (a clean install from package-lock.json, as the image does);
# DOCKER_STEPS_LINK_NODE_MODULES=1 hard-links this checkout's node_modules instead (faster, offline).
# `check` uses PGlite in a temporary DATA_DIR unless DATABASE_URL is set, and PORT (default 3900).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
export NEXT_TELEMETRY_DISABLED=1

deps() {
  npm ci --no-audit --no-fund
}

build() {
  # CI: no Turbopack cache written into .next/cache (next.config.ts), which a one-off build never reads.
  CI="${CI:-true}" npx next build
}

# What Next's docs say standalone output needs besides its server.js: the client's static files
# and public/, which `next build` leaves out on purpose (a CDN may serve them).
assemble() {
  local out="$1"
  [ -f .next/standalone/server.js ] || { echo "no .next/standalone/server.js: is output \"standalone\" set in next.config.ts?" >&2; exit 1; }
  mkdir -p "$out"
  cp -a .next/standalone/. "$out/"
  mkdir -p "$out/.next/static" "$out/public"
  cp -a .next/static/. "$out/.next/static/"
  cp -a public/. "$out/public/"
  # Migrations run at start from ./drizzle (next.config.ts traces them; this checks it did).
  [ -f "$out/drizzle/meta/_journal.json" ] || { echo "the migrations (drizzle/) are missing from the standalone output" >&2; exit 1; }
  # The image prints with Debian's Chromium (CHROMIUM_PATH), so the 66 MB one @sparticuz/chromium
  # unpacks on serverless hosts, which next.config.ts traces into the printing routes, stays out
  # (with Turbopack's link to it); the app loads it only when it finds no other browser.
  rm -rf "$out/node_modules/@sparticuz" "$out/.next/node_modules/@sparticuz"
}

check() {
  local out="$1" port="${2:-${PORT:-3900}}" data pid ok=""
  data="$(mktemp -d /tmp/aula-docker-steps-data.XXXXXX)"
  # As the image runs it: `node server.js` in its folder, settings from the environment only.
  (cd "$out" && exec env -i PATH="$PATH" HOME="${HOME:-/tmp}" NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 \
    PORT="$port" HOSTNAME=127.0.0.1 DATA_DIR="$data" LOG_LEVEL=warn OLLAMA_BASE_URL=http://127.0.0.1:9 \
    ${DATABASE_URL:+DATABASE_URL="$DATABASE_URL"} node server.js) &
  pid=$!
  for _ in $(seq 1 240); do
    if node -e "fetch('http://127.0.0.1:$port/api/health').then(async (r) => { const b = await r.json(); process.exit(r.ok && b.status === 'ok' ? 0 : 1); }, () => process.exit(1))"; then
      ok=1
      break
    fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$data"
  [ -n "$ok" ] || { echo "$out/server.js did not answer /api/health with 200" >&2; exit 1; }
  echo "$out/server.js answered /api/health: ok"
}

all() {
  local out="${1:-}" work
  work="$(mktemp -d /tmp/aula-docker-steps.XXXXXX)"
  [ -n "$out" ] || out="$work/app"
  echo "==> copying the tracked files to $work/src"
  mkdir -p "$work/src"
  (cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar -cf - --) | tar -xf - -C "$work/src"
  cd "$work/src"
  if [ "${DOCKER_STEPS_LINK_NODE_MODULES:-}" = 1 ]; then
    echo "==> node_modules: hard links to $root/node_modules"
    cp -al "$root/node_modules" node_modules
  else
    echo "==> deps (npm ci)"
    deps
  fi
  echo "==> build (next build)"
  build
  echo "==> assemble into $out"
  assemble "$out"
  echo "==> check"
  check "$out"
  cd "$root"
  # OUT holds copies, not links: the build folder can go unless OUT is inside it.
  case "$out" in
    "$work"/*) echo "Built and checked: $out" ;;
    *) rm -rf "$work" && echo "Built and checked: $out" ;;
  esac
}

case "${1:-all}" in
  deps) deps ;;
  build) build ;;
  assemble) assemble "${2:?assemble OUT}" ;;
  check) check "${2:?check OUT [PORT]}" "${3:-}" ;;
  all) all "${2:-}" ;;
  *) echo "usage: $0 [deps|build|assemble OUT|check OUT [PORT]|all [OUT]]" >&2; exit 2 ;;
esac
