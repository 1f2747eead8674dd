#!/usr/bin/env bash
# Starts the reference server in the background, waits until it listens, runs `cbcheck run` against it with
# its keys and fixtures, and stops it. The exit code is run's: 0 pass, 1 violation, 2 usage/environment.
#
#   examples/serve-and-run.sh                                   # every suite, reports in reports/run/<timestamp>/ (and reports/run/latest/)
#   examples/serve-and-run.sh --suite http --suite auth --report-dir reports/smoke
#
# Arguments are passed to `cbcheck run`. CBCHECK names the command (default: npx cbcheck).
set -euo pipefail

read -r -a cbcheck <<<"${CBCHECK:-npx cbcheck}"
work=$(mktemp -d)
launcher=""
server_pid=""
runner=""

stop() {
  if [ -n "$runner" ]; then kill "$runner" 2>/dev/null || true; fi
  # The pid from --json is the server itself (npx may stand between us and it).
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  if [ -n "$launcher" ]; then
    kill "$launcher" 2>/dev/null || true
    wait "$launcher" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --seed fixes the keys (same seed, same keys); a short rate window keeps the rate-limit suite quick.
"${cbcheck[@]}" serve --seed 7 --rate-limit 300 --rate-window-ms 3000 --json \
  --keys-file "$work/keys.env" --fixtures-out "$work/fixtures.json" >"$work/serve.json" &
launcher=$!

# Ready when the JSON line is complete (it ends with the pid); at most 30 s.
for _ in $(seq 1 300); do
  if grep -q '"pid"' "$work/serve.json" 2>/dev/null; then break; fi
  if ! kill -0 "$launcher" 2>/dev/null; then
    echo "serve-and-run: cbcheck serve exited before listening" >&2
    exit 2
  fi
  sleep 0.1
done
if ! grep -q '"pid"' "$work/serve.json"; then
  echo "serve-and-run: cbcheck serve did not listen within 30 s" >&2
  exit 2
fi

field() {
  node -e 'const f = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8")); console.log(f[process.argv[2]]);' \
    "$work/serve.json" "$1"
}
base_url=$(field baseUrl)
alt_base_url=$(field altBaseUrl)
server_pid=$(field pid)
echo "serve-and-run: reference server at $base_url (pid $server_pid)" >&2

# CB_API_KEY, CB_FREE_API_KEY, … as cbcheck run reads them.
set -a
# shellcheck source=/dev/null
. "$work/keys.env"
set +a

# --allow-credits: the reference server's credits are synthetic. Run in the background and waited for, so
# that an interrupt reaches the traps at once and stops both processes.
"${cbcheck[@]}" run --base-url "$base_url" --alt-base-url "$alt_base_url" --fixtures "$work/fixtures.json" \
  --expect-rate-limit 300/3 --allow-credits "$@" &
runner=$!
status=0
wait "$runner" || status=$?
runner=""
exit "$status"
