#!/usr/bin/env bash
# Builds the npm package of the engine (crates/sudokit-wasm/npm: the
# WebAssembly binding, an ES module entry for browsers and bundlers, one for
# Node.js, and TypeScript types generated from the Rust types) and writes
# its `npm pack` tarball into OUT_DIR.
#
#   bash scripts/build-npm.sh OUT_DIR     # then: npm install OUT_DIR/sudokit-*.tgz
#
# Needs the wasm32-unknown-unknown target, wasm-bindgen-cli at the version of
# the wasm-bindgen crate in Cargo.lock (both installed when missing) and npm.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:?usage: bash scripts/build-npm.sh OUT_DIR}"
mkdir -p "$out"
out=$(cd "$out" && pwd)

rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
    # Resolved afresh, not --locked: its lock pins crates since withdrawn.
    cargo install wasm-bindgen-cli --version "=$want"
fi

# Exactly the build of scripts/build-site.sh (same profile settings), so
# after one the other only runs wasm-bindgen.
CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_LTO=fat CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
    cargo build -p sudokit-wasm --release --locked --target wasm32-unknown-unknown

pkg=target/npm/package
rm -rf "$pkg"
mkdir -p "$pkg"
# `web`: an ES module whose init takes the .wasm as bytes (Node) or a URL
# (browsers, bundlers); index.js and node.js do one or the other.
wasm-bindgen --target web --no-typescript --out-dir "$pkg" \
    "${CARGO_TARGET_DIR:-target}"/wasm32-unknown-unknown/release/sudokit_wasm.wasm
src=crates/sudokit-wasm/npm
cp "$src"/package.json "$src"/README.md "$src"/index.js "$src"/node.js "$src"/api.js "$src"/index.d.ts \
    "$src"/types.d.ts LICENSE-MIT LICENSE-APACHE "$pkg"/
version=$(awk -F'"' '/^\[workspace.package\]/ { w = 1 } w && /^version = / { print $2; exit }' Cargo.toml)
(cd "$pkg" && npm pkg set version="$version")
root=$PWD
(cd "$out" && npm pack --silent "$root/$pkg" >/dev/null)
echo "npm package sudokit-$version.tgz written to $out ($(stat -c %s "$out/sudokit-$version.tgz") bytes, wasm $(stat -c %s "$pkg/sudokit_wasm_bg.wasm") bytes)"
