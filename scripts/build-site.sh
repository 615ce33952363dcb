#!/usr/bin/env bash
# Builds the web app as static files into one folder (default target/site):
# HTML, CSS, JS, the engine as WebAssembly and a service worker, ready for any
# static file server or `sudokit serve --site DIR`. Built into the default
# folder before `cargo build -p sudokit-cli`, the site is also compiled into
# the `sudokit` binary, whose `serve` then offers it with no flags.
#
#   bash scripts/build-site.sh [OUT_DIR]
#
# Needs the wasm32-unknown-unknown target and wasm-bindgen-cli at the exact
# version of the wasm-bindgen crate in Cargo.lock; both are installed when
# missing. binaryen's wasm-opt (npm's `binaryen` package, into
# target/tools) makes the engine smaller and brotli (Debian's `brotli`,
# installed with apt-get when missing) pre-compresses it; each is skipped
# with a message where it cannot be had.
#
# What it writes: the script, style and engine files under names holding a
# hash of their content (app.1a2b3c4d.js…), so servers may let browsers keep
# them for good (`sudokit serve` sends `immutable`); index.html and sw.js keep
# their names (servers should send them `no-cache`). Next to every text file
# and the engine, a `.gz` (and `.br`) copy for servers that send
# pre-compressed files.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-target/site}"

say() { printf 'build-site: %s\n' "$*" >&2; }
apt_install() {
    # Only as root or with sudo, and never fatal: these tools make the site
    # smaller, not different.
    local sudo=""
    [ "$(id -u)" -ne 0 ] && { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null && sudo="sudo" || return 1; }
    command -v apt-get >/dev/null 2>&1 || return 1
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "$@" >/dev/null 2>&1 ||
        { $sudo apt-get update -q >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "$@" >/dev/null 2>&1; }
}

rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
    # The exact version of the crate (the two must match), resolved afresh:
    # wasm-bindgen-cli's own lock file pins crates the registry has since
    # withdrawn, so `--locked` fails.
    say "installing wasm-bindgen-cli $want (have: ${have:-none})"
    cargo install wasm-bindgen-cli --version "=$want"
fi
# binaryen's wasm-opt from npm at a pinned version (binaryen before 116,
# Debian bookworm's 108 among them, turns wasm-bindgen's externref table into
# one the glue cannot fill: the engine then fails to start); a system one
# only when it is new enough.
BINARYEN=132.0.0
wasm_opt=""
if command -v npm >/dev/null 2>&1; then
    tools=target/tools/binaryen
    [ -x "$tools/node_modules/.bin/wasm-opt" ] && "$tools/node_modules/.bin/wasm-opt" --version | grep -q "version ${BINARYEN%%.*}" ||
        npm install --prefix "$tools" --no-audit --no-fund --silent "binaryen@$BINARYEN" >/dev/null 2>&1 || true
    [ -x "$tools/node_modules/.bin/wasm-opt" ] && wasm_opt="$tools/node_modules/.bin/wasm-opt"
fi
if [ -z "$wasm_opt" ] && command -v wasm-opt >/dev/null 2>&1 &&
    [ "$(wasm-opt --version | grep -o '[0-9]\+' | head -1)" -ge 116 ]; then
    wasm_opt=wasm-opt
fi
command -v brotli >/dev/null 2>&1 || apt_install brotli || true

# No debug info, one codegen unit and link-time optimisation: a smaller and
# faster engine (the release profile keeps debug info for profiling native
# code and more codegen units for build speed).
CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_LTO=fat CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
    cargo build -p sudokit-wasm --release --locked --target wasm32-unknown-unknown
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
wasm-bindgen --target no-modules --no-typescript --out-dir "$tmp" \
    "${CARGO_TARGET_DIR:-target}"/wasm32-unknown-unknown/release/sudokit_wasm.wasm
raw=$(stat -c %s "$tmp/sudokit_wasm_bg.wasm")
if [ -n "$wasm_opt" ]; then
    # The features rustc's wasm32 target uses by default (wasm-opt must be
    # told which it may keep).
    "$wasm_opt" -Oz --strip-debug --strip-producers \
        --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
        --enable-mutable-globals --enable-reference-types --enable-multivalue \
        "$tmp/sudokit_wasm_bg.wasm" -o "$tmp/opt.wasm"
    mv "$tmp/opt.wasm" "$tmp/sudokit_wasm_bg.wasm"
else
    say "no wasm-opt of binaryen 116 or later (npm's binaryen package, or a system one): the engine is not size-optimised"
fi

mkdir -p "$out"
# The previous build's files (their names change with their content).
rm -f "$out"/app.*.js "$out"/app.*.css "$out"/worker.*.js "$out"/sudokit_wasm* "$out"/*.gz "$out"/*.br
src=crates/sudokit-web/site
hash() { sha256sum "$1" | cut -c1-10; }
# The engine; the worker holds the wasm-bindgen glue ahead of its own code
# (one request fewer) and the engine's hashed name.
wasm="sudokit_wasm_bg.$(hash "$tmp/sudokit_wasm_bg.wasm").wasm"
cp "$tmp/sudokit_wasm_bg.wasm" "$out/$wasm"
grep -qx 'const WASM = "";' "$src/worker.js" || { say "worker.js lacks its 'const WASM = \"\";' line"; exit 1; }
{ cat "$tmp/sudokit_wasm.js"; echo; sed "s/^const WASM = \"\";\$/const WASM = \"$wasm\";/" "$src/worker.js"; } > "$tmp/worker.js"
worker="worker.$(hash "$tmp/worker.js").js"
cp "$tmp/worker.js" "$out/$worker"
# The page's scripts, in the order index.html loads them (they share one
# scope), joined into one file: one request on a first visit.
parts=$(sed -n 's|^<script src="\(app/[a-z]*\.js\)"></script>$|\1|p' "$src/index.html")
[ -n "$parts" ] || { say "index.html loads no app/*.js script"; exit 1; }
for p in $parts; do cat "$src/$p"; echo; done > "$tmp/app.js"
grep -q 'new Worker("worker.js")' "$tmp/app.js" || { say "the page's scripts do not start the engine with new Worker(\"worker.js\")"; exit 1; }
sed -i "s/new Worker(\"worker.js\")/new Worker(\"$worker\")/" "$tmp/app.js"
app="app.$(hash "$tmp/app.js").js"
cp "$tmp/app.js" "$out/$app"
css="app.$(hash "$src/app.css").css"
cp "$src/app.css" "$out/$css"
# The first script tag becomes the joined file's, the others go.
awk -v app="$app" '/^<script src="app\/[a-z]*\.js"><\/script>$/ { if (!done) print "<script src=\"" app "\"></script>"; done = 1; next }
    /^<!-- One scope, in this order/ { next } { print }' "$src/index.html" |
    sed -e "s/href=\"app.css\"/href=\"$css\"/" > "$out/index.html"
grep -q "$app" "$out/index.html" && grep -q "$css" "$out/index.html" || { say "index.html does not load app.js and app.css"; exit 1; }
cp "$src/manifest.webmanifest" "$src"/icon* "$out/"
# The service worker: the shell it keeps for offline play under the new
# names, the engine's name (the worker caches the engine itself when it first
# downloads it), and a cache version from every file, so a new build replaces
# the players' offline copy.
version=$(cat "$out/index.html" "$out/$app" "$out/$css" "$out/$worker" "$out/$wasm" | sha256sum | cut -c1-12)
shell="\"./\", \"index.html\", \"$app\", \"$css\", \"$worker\", \"manifest.webmanifest\", \"icon.svg\", \"icon-192.png\", \"icon-512.png\""
sed -e "s/^const VERSION = \"dev\";\$/const VERSION = \"$version\";/" \
    -e "s|^const SHELL = \[.*\];\$|const SHELL = [$shell];|" \
    -e "s/^const ENGINE = \"\";\$/const ENGINE = \"$wasm\";/" "$src/sw.js" > "$out/sw.js"
grep -q "$version" "$out/sw.js" && grep -q "$worker" "$out/sw.js" && grep -q "$wasm" "$out/sw.js" ||
    { say "sw.js lacks its VERSION, SHELL or ENGINE line"; exit 1; }

# Pre-compressed copies for static hosting (and `sudokit serve`, which sends
# them to browsers that accept them).
have_br=$(command -v brotli >/dev/null 2>&1 && echo 1 || echo "")
[ -n "$have_br" ] || say "brotli not found: only .gz copies written"
for f in "$out"/*.html "$out"/*.js "$out"/*.css "$out"/*.wasm "$out"/*.svg "$out"/*.webmanifest; do
    gzip -9 -n -k -f "$f"
    [ -n "$have_br" ] && brotli -q 11 -k -f "$f"
done
size() { stat -c %s "$1" 2>/dev/null || echo "-"; }
say "site built in $out ($(du -sh "$out" | cut -f1)); engine $wasm: $raw bytes from wasm-bindgen, $(size "$out/$wasm") after wasm-opt, $(size "$out/$wasm.gz") gzip, $(size "$out/$wasm.br") brotli"
