#!/usr/bin/env bash
# Every check CI runs, in order. Usage: bash scripts/test.sh
# The expensive data-set tests are #[ignore]d in the normal run and run here in
# release mode. Data sets are read from ../shared/data.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "format"
cargo fmt --all --check

step "clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "tests (unit, integration, property, doc)"
cargo test --workspace --locked

step "expensive data-set tests (release)"
cargo test --workspace --release --locked -- --ignored

step "all checks passed"
