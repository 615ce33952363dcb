#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ for SECS seconds each (default 20: the CI
# smoke run), one after another, on a corpus grown from fuzz/seeds and the
# example puzzles. Prints each target's executions, coverage and result, and
# exits non-zero on the first crash (its input is kept in fuzz/artifacts/).
#
#   bash scripts/fuzz.sh            # smoke: 20 s per target
#   bash scripts/fuzz.sh 3600       # the long run recorded in BENCHMARKS.md
#
# Needs cargo-fuzz (installed when missing). With FUZZ_SANITIZER=none (the CI
# smoke run) the stable toolchain builds the targets: they then catch panics,
# overflows (debug assertions stay on) and runaway work, not memory errors in
# the library's few unsafe blocks. The default, AddressSanitizer, needs a
# nightly toolchain (rustup toolchain install nightly).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
SECS="${1:-20}"
SAN="${FUZZ_SANITIZER:-address}"
TARGETS=(parse candidates json fpuzzles api)

command -v cargo-fuzz >/dev/null 2>&1 || cargo install cargo-fuzz --version 0.13.2 --locked ||
    cargo install cargo-fuzz --version 0.13.2
if [ "$SAN" = none ]; then FUZZ=(cargo fuzz); else FUZZ=(cargo +nightly fuzz); fi

"${FUZZ[@]}" build -O -s "$SAN"
for t in "${TARGETS[@]}"; do
    mkdir -p "corpus/$t"
    case "$t" in
        parse) cp ../examples/*.txt "corpus/$t/" 2>/dev/null || true ;;
        api | fpuzzles) cp seeds/"$t"/* "corpus/$t/" ;;
    esac
    log="target/fuzz-$t.log"
    if ! "${FUZZ[@]}" run -O -s "$SAN" "$t" "corpus/$t" -- \
        -max_total_time="$SECS" -max_len=8192 -rss_limit_mb=2048 -timeout=10 >"$log" 2>&1; then
        echo "fuzz target $t FAILED; see fuzz/$log and fuzz/artifacts/$t/"
        tail -30 "$log"
        exit 1
    fi
    # libFuzzer's last status line: executions, coverage, corpus size.
    summary=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
    echo "fuzz $t: ${SECS} s, 0 crashes; ${summary}"
done
