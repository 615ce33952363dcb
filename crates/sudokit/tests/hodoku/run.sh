#!/bin/sh
# Creates a venv with hodoku-py 0.2.1 (once) and rates the sample into sample.tsv.
set -e
here=$(cd "$(dirname "$0")" && pwd)
venv=${HODOKU_VENV:-/tmp/sudokit-hodoku-venv}
[ -x "$venv/bin/python" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install -q hodoku-py==0.2.1; }
exec "$venv/bin/python" "$here/rate_sample.py"
