#!/usr/bin/env bash
# Builds the web app as static files into one folder (default target/site):
# HTML, CSS, JS, the engine as WebAssembly and a service worker, ready for any
# static file server or `sudokit serve --site DIR`.
#
#   bash scripts/build-site.sh [OUT_DIR]
#
# Needs the wasm32-unknown-unknown target and wasm-bindgen-cli at the exact
# version of the wasm-bindgen crate in Cargo.lock; both are installed when
# missing.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-target/site}"

rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
    # --locked first; if a crate it pins has since been yanked, resolve afresh
    # (same wasm-bindgen-cli version, which is what must match).
    cargo install wasm-bindgen-cli --version "$want" --locked ||
        cargo install wasm-bindgen-cli --version "$want"
fi

# No debug info in the .wasm (the release profile keeps some for profiling
# native code); the binding strips names anyway.
CARGO_PROFILE_RELEASE_DEBUG=0 cargo build -p sudokit-wasm --release --locked --target wasm32-unknown-unknown
mkdir -p "$out"
wasm-bindgen --target no-modules --no-typescript --out-dir "$out" \
    target/wasm32-unknown-unknown/release/sudokit_wasm.wasm
cp crates/sudokit-web/site/* "$out/"
# A new build gets a new offline cache: the service worker's version is a
# hash of every file it caches.
version=$(cat "$out"/index.html "$out"/app.css "$out"/app.js "$out"/worker.js "$out"/sudokit_wasm.js "$out"/sudokit_wasm_bg.wasm | sha256sum | cut -c1-12)
sed -i "s/^const VERSION = \"dev\";/const VERSION = \"$version\";/" "$out/sw.js"
echo "site built in $out ($(du -sh "$out" | cut -f1), wasm $(stat -c %s "$out/sudokit_wasm_bg.wasm") bytes)"
