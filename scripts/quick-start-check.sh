#!/usr/bin/env bash
# The README's quick start as a person runs it: `npm start` builds the app and serves it with embedded PGlite
# and the identity simulators; passes once the sign-in page and /healthz answer. Uses the node and npm on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."

port=${QUICK_START_PORT:-3998}
data=$(mktemp -d /tmp/onboarding-quick-start.XXXXXX)
log="$data/start.log"
PORT=$port DATA_DIR="$data/data" setsid npm start >"$log" 2>&1 &
started=$!
stop() {
  kill -- "-$started" 2>/dev/null || true
  wait "$started" 2>/dev/null || true
  rm -rf "$data"
}
trap stop EXIT

for _ in $(seq 1 300); do
  if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then
    curl -fsS "http://127.0.0.1:$port/start/" | grep -q '<div id="root"' || { echo "quick start: /start/ did not serve the app"; exit 1; }
    echo "quick start: $(node --version) serves http://127.0.0.1:$port/start/"
    exit 0
  fi
  if ! kill -0 "$started" 2>/dev/null; then break; fi
  sleep 1
done
echo "quick start: the server did not answer on port $port"
tail -n 30 "$log"
exit 1
