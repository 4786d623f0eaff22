#!/usr/bin/env bash
# Starts the panel as a newcomer would (`npm start`, embedded database, fresh data directory) and
# checks that it answers /api/health and serves the login page; then stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${SMOKE_PORT:-3917}"
data_dir="$(mktemp -d)"
log="$data_dir/server.log"
if curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1; then
  echo "port $port already answers: something else is running there (set SMOKE_PORT)"; exit 1
fi
# Its own process group, so stopping it also stops the server npm starts.
setsid env PORT="$port" DATA_DIR="$data_dir" HOST=127.0.0.1 npm start >"$log" 2>&1 &
pid=$!
cleanup() {
  kill -TERM -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  for _ in $(seq 1 20); do curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 || break; sleep 0.5; done
  rm -rf "$data_dir"
}
trap cleanup EXIT

for _ in $(seq 1 120); do
  if curl -fsS "http://127.0.0.1:$port/api/health" 2>/dev/null | grep -q '"status":"ok"'; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then echo "npm start exited early:"; cat "$log"; exit 1; fi
  sleep 1
done
curl -fsS "http://127.0.0.1:$port/api/health" | grep -q '"status":"ok"' || { echo "no health"; cat "$log"; exit 1; }
page="$(curl -fsS "http://127.0.0.1:$port/login")"
echo "$page" | grep -q '<div id="root">' || { echo "login page not served:"; echo "$page"; exit 1; }
script="$(echo "$page" | grep -o 'src="/assets/[^"]*\.js"' | head -n1 | cut -d'"' -f2)"
[ -n "$script" ] && curl -fsS -o /dev/null "http://127.0.0.1:$port$script" || { echo "app script missing"; exit 1; }
grep -q 'Senha gerada' "$log" || { echo "first start did not print the generated admin password"; exit 1; }
echo "smoke: npm start served /api/health and /login on port $port"
