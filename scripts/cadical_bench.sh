#!/bin/sh
# Times CaDiCaL on every puzzle of FILE with the plain direct encoding:
# first solution, then a second run with that model blocked (UNSAT = unique).
# Usage: scripts/cadical_bench.sh FILE [TIMEOUT_SECS]   (needs `cadical` on PATH
# and `cargo build --release --example dimacs`).
set -eu
file=$1
limit=${2:-60}
dimacs=${DIMACS:-target/release/examples/dimacs}
tmp=$(mktemp -d)
printf 'puzzle\tfirst_s\tunique_s\n'
i=1
while "$dimacs" "$file" "$i" > "$tmp/p.cnf" 2>/dev/null && [ -s "$tmp/p.cnf" ]; do
    s=$(date +%s.%N)
    timeout "$limit" cadical -q "$tmp/p.cnf" > "$tmp/out.txt" || true
    t1=$(echo "$(date +%s.%N) - $s" | bc)
    if grep -q '^s SATISFIABLE' "$tmp/out.txt"; then
        model=$(grep '^v' "$tmp/out.txt" | tr -d 'v' | tr ' ' '\n' | awk '$1 > 0 { printf "-%s ", $1 } END { print "0" }')
        awk -v m="$model" 'NR == 1 && /^p cnf/ { print $1, $2, $3, $4 + 1; print m; next } { print }' "$tmp/p.cnf" > "$tmp/p2.cnf"
        s2=$(date +%s.%N)
        timeout "$limit" cadical -q "$tmp/p2.cnf" > "$tmp/out2.txt" || true
        t2=$(echo "$(date +%s.%N) - $s2 + $t1" | bc)
        grep -q '^s UNSATISFIABLE' "$tmp/out2.txt" || t2=">$t2"
    else
        t1=">$t1"; t2="-"
    fi
    printf '%s\t%s\t%s\n' "$i" "$t1" "$t2"
    i=$((i + 1))
done
rm -rf "$tmp"
