#!/usr/bin/env bash
# Every check CI runs, in order. Usage: bash scripts/test.sh
# The expensive data-set tests are #[ignore]d in the normal run and run here
# in release mode. Data sets are read from ../shared/data.
# The web app's static site is built once and tested in Chromium through
# playwright-core (crates/sudokit-web/browser-tests, installed by npm ci), and
# again as `sudokit serve --server-engine` answers it (the engine over HTTP),
# and on an emulated slow phone network (network.test.js: first and repeat
# visit, plain `sudokit serve`); Debian's chromium, node and npm are installed
# when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "format"
cargo fmt --all --check
# The Python package is its own workspace: checked here too, so a format slip
# fails in seconds rather than after the long steps.
cargo fmt --manifest-path crates/sudokit-py/Cargo.toml --check

step "clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "the library alone for WebAssembly, every default feature off"
rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
cargo build -p sudokit --no-default-features --target wasm32-unknown-unknown --locked

step "the web app as a static site (the engine for WebAssembly with the serde feature)"
# Chromium and Node.js for the browser tests below (npm also gives the site
# build its pinned binaryen). Only what is missing: where Node.js comes from
# elsewhere (with its own npm),
# Debian's npm package cannot be installed beside it.
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v npm >/dev/null 2>&1 || need+=(nodejs npm)
if [ ${#need[@]} -gt 0 ]; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get install -y -q "${need[@]}" >/dev/null 2>&1 ||
        { $SUDO apt-get update -q >/dev/null && $SUDO apt-get install -y -q "${need[@]}" >/dev/null; }
fi
# Builds the engine for wasm32-unknown-unknown once; the browser tests below
# use this folder. Installs wasm-bindgen-cli when missing.
bash scripts/build-site.sh target/site

step "tests (unit, integration, property, doc)"
# `man -l` renders the generated man page in the CLI tests (man-db).
if ! command -v man >/dev/null 2>&1; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q man-db >/dev/null 2>&1 ||
        { $SUDO apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q man-db >/dev/null; }
fi
cargo test --workspace --locked

step "the web app in headless Chromium (playwright-core, axe-core): the static site, then sudokit serve"
chromium --version
# The release CLI, built once here; the data-set tests below and the Python
# tests reuse it. Built after the site, it holds it: plain `serve` is the
# offline app (network.test.js), `serve --server-engine` the page whose
# engine answers through the JSON API (site.test.js --serve).
cargo build --release -p sudokit-cli --locked
(cd crates/sudokit-web/browser-tests && npm ci --no-audit --no-fund &&
    node site.test.js ../../../target/site &&
    node site.test.js --serve ../../../target/release/sudokit &&
    node network.test.js ../../../target/release/sudokit ../../../target/site)

step "npm package: packed, installed into an empty folder, tested in Node, tsc --strict and headless Chromium"
# The wasm build is the site's above; this adds wasm-bindgen and npm pack.
bash scripts/build-npm.sh target/npm-dist
NPM_TESTS=crates/sudokit-wasm/npm/test
(cd "$NPM_TESTS" && npm ci --no-audit --no-fund)
CONSUMER=target/npm-consumer
rm -rf "$CONSUMER" && mkdir -p "$CONSUMER"
cp "$NPM_TESTS"/node.test.mjs "$NPM_TESTS"/types.ts "$NPM_TESTS"/tsconfig.json \
    "$NPM_TESTS"/page.html "$NPM_TESTS"/page.js "$CONSUMER"/
printf '{ "name": "consumer", "private": true, "type": "module" }\n' >"$CONSUMER/package.json"
repo=$PWD
(cd "$CONSUMER" && npm install --no-audit --no-fund "$repo"/target/npm-dist/sudokit-*.tgz)
(cd "$CONSUMER" && SUDOKIT_BIN="$repo/target/release/sudokit" node --test node.test.mjs)
"$NPM_TESTS"/node_modules/.bin/tsc -p "$CONSUMER/tsconfig.json" --noEmit --strict
node "$NPM_TESTS"/browser.test.mjs "$CONSUMER"

step "expensive data-set tests (release)"
cargo test --workspace --release --locked -- --ignored

step "Python package (sudokit-py): clippy, the wheel and sdist as files, pytest from the wheel in a fresh venv"
# Its own workspace (pyo3 needs Python); sharing target/ reuses the engine's
# release build above. maturin (pinned, in a venv of its own) builds the
# extension once, in release, into the wheel a user would download.
export CARGO_TARGET_DIR="$PWD/target"
cargo clippy --manifest-path crates/sudokit-py/Cargo.toml --all-targets --locked -- -D warnings
MATURIN="$PWD/target/py-build/bin/maturin"
[ -x "$MATURIN" ] || {
    python3 -m venv target/py-build && target/py-build/bin/pip install -q "maturin==1.16.0"
}
DIST="$PWD/target/python-dist"
rm -rf "$DIST"
(cd crates/sudokit-py &&
    "$MATURIN" build --release --locked --out "$DIST" &&
    "$MATURIN" sdist --out "$DIST")
wheel=$(ls "$DIST"/sudokit-*-abi3-*.whl)
sdist=$(ls "$DIST"/sudokit-*.tar.gz)
ls -l "$wheel" "$sdist"
# The sdist carries the engine's Rust sources, the lock file and the licence
# texts, and they compile from it (a check build: the wheel above is the one
# release build); the wheel carries the licence texts too.
listing=$(tar tzf "$sdist")
for f in pyproject.toml python/sudokit/__init__.py sudokit-py/Cargo.toml sudokit-py/Cargo.lock \
    sudokit-py/src/lib.rs sudokit/Cargo.toml sudokit/src/lib.rs LICENSE-MIT LICENSE-APACHE; do
    grep -qx "sudokit-[0-9.]*/$f" <<<"$listing" || { echo "sdist lacks $f" >&2; exit 1; }
done
wheel_listing=$(python3 -m zipfile -l "$wheel")
for f in LICENSE-MIT LICENSE-APACHE; do
    grep -q "dist-info/licenses/$f " <<<"$wheel_listing" || { echo "wheel lacks $f" >&2; exit 1; }
done
rm -rf target/sdist-check && mkdir -p target/sdist-check && tar xzf "$sdist" -C target/sdist-check
cargo check --offline --locked --manifest-path target/sdist-check/sudokit-*/sudokit-py/Cargo.toml
# A fresh venv each run: the tests see only what the wheel installs.
VENV=target/py-venv
rm -rf "$VENV" && python3 -m venv "$VENV"
# OR-tools: CP-SAT, the independent model the registry families are
# cross-checked against (tests/test_cpsat_families.py).
"$VENV/bin/python" -m pip install -q "$wheel" \
    "pytest==8.3.4" "numpy==2.1.3" "dask==2024.12.1" "distributed==2024.12.1" \
    "ortools==9.15.6755"
"$VENV/bin/python" -c 'import sudokit, sys; f = sudokit.__file__; print("sudokit from", f); sys.exit(0 if "site-packages" in f else 1)'
# The CLI the tests compare with: the release binary built by the step above.
SUDOKIT_CLI="$PWD/target/release/sudokit" "$VENV/bin/python" -m pytest -q \
    --doctest-modules --pyargs sudokit crates/sudokit-py/tests -p no:cacheprovider

step "fuzz targets: a short smoke run each (stable toolchain, no sanitizer)"
# Installs cargo-fuzz when missing; the hour-long runs are documented in
# fuzz/README.md and recorded in BENCHMARKS.md.
unset CARGO_TARGET_DIR
FUZZ_SANITIZER=none bash scripts/fuzz.sh 15

step "all checks passed"
