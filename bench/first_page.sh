#!/bin/sh
# The time from `git clone` to a first page: clone this checkout, `make run` on a free port,
# and wait until GET / answers 200; then stop the server and remove the clone.
# Run it through farm-bench:  farm-bench -n 3 --timeout 600 -- sh bench/first_page.sh
set -eu
source_repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
git clone --quiet "$source_repo" "$work/game"
cd "$work/game"
make run PORT="$port" >"$work/run.log" 2>&1 &
server=$!
# make's shell does not pass a TERM on to gunicorn: stop the master by its port, as a person
# pressing Ctrl+C would stop it, and wait for make to see it go.
trap 'pkill -TERM -f "gunicorn.*--bind 127.0.0.1:$port" ; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT
until curl --silent --fail --output /dev/null "http://127.0.0.1:$port/"; do
  kill -0 "$server" 2>/dev/null || { cat "$work/run.log"; exit 1; }
  sleep 0.1
done
