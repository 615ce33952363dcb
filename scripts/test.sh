#!/usr/bin/env bash
# Every check CI runs, in order. Usage: bash scripts/test.sh
# The expensive data-set tests are #[ignore]d in the normal run and run here
# in release mode. Data sets are read from ../shared/data.
# The web app's static site is built once and tested in Chromium through
# playwright-core (crates/sudokit-web/browser-tests, installed by npm ci), and
# again as `sudokit serve` answers it (the compiled-in site, the engine over
# HTTP); Debian's chromium, node and npm are installed when missing.
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
# Builds the engine for wasm32-unknown-unknown once; the browser tests below
# use this folder. Installs wasm-bindgen-cli when missing.
bash scripts/build-site.sh target/site

step "tests (unit, integration, property, doc)"
cargo test --workspace --locked

step "the web app in headless Chromium (playwright-core, axe-core): the static site, then sudokit serve"
# Only what is missing: where Node.js comes from elsewhere (with its own npm),
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
chromium --version
# The release CLI, built once here; the data-set tests below and the Python
# tests reuse it. Its `serve` without --site is the compiled-in site whose
# engine answers through the JSON API.
cargo build --release -p sudokit-cli --locked
(cd crates/sudokit-web/browser-tests && npm ci --no-audit --no-fund &&
    node site.test.js ../../../target/site &&
    node site.test.js --serve ../../../target/release/sudokit)

step "expensive data-set tests (release)"
cargo test --workspace --release --locked -- --ignored

step "Python package (sudokit-py): clippy, then pip install into a venv and pytest with doctests"
# Its own workspace (pyo3 needs Python); sharing target/ reuses the engine's
# release build above, and pip (maturin) builds the extension once, in release.
export CARGO_TARGET_DIR="$PWD/target"
cargo clippy --manifest-path crates/sudokit-py/Cargo.toml --all-targets --locked -- -D warnings
VENV=target/py-venv
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install -q ./crates/sudokit-py \
    "pytest==8.3.4" "numpy==2.1.3" "dask==2024.12.1" "distributed==2024.12.1"
# The CLI the tests compare with: the release binary built by the step above.
SUDOKIT_CLI="$PWD/target/release/sudokit" "$VENV/bin/python" -m pytest -q \
    --doctest-modules --pyargs sudokit crates/sudokit-py/tests -p no:cacheprovider

step "fuzz targets: a short smoke run each (stable toolchain, no sanitizer)"
# Installs cargo-fuzz when missing; the hour-long runs are documented in
# fuzz/README.md and recorded in BENCHMARKS.md.
unset CARGO_TARGET_DIR
FUZZ_SANITIZER=none bash scripts/fuzz.sh 15

step "all checks passed"
