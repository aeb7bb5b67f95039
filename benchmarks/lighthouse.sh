#!/usr/bin/env bash
# Lighthouse 12 (mobile preset) on every page of the site against the
# production server; prints a table (page, performance, TBT, LCP, CLS, DOM
# size). Installs Lighthouse from npm into benchmarks/.lighthouse/ (git-ignored)
# the first time; never downloads a browser: Debian's Chromium, CHROME_PATH.
# Arguments go to benchmarks/lighthouse.py: --runs N, --only REGEX, --url URL,
# --signed-in (the pages of an instructor and a learner it creates).
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION=12.2.3
DIR=benchmarks/.lighthouse
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
export PUPPETEER_SKIP_DOWNLOAD=1
if [ "$("$DIR/node_modules/.bin/lighthouse" --version 2>/dev/null)" != "$VERSION" ]; then
    mkdir -p "$DIR"
    [ -f "$DIR/package.json" ] || echo '{"name": "tempai-lighthouse", "private": true}' >"$DIR/package.json"
    (cd "$DIR" && npm i -E --no-audit --no-fund --silent "lighthouse@$VERSION")
fi
PY=.venv/bin/python
[ -x "$PY" ] || PY=python3
exec "$PY" benchmarks/lighthouse.py "$@"
