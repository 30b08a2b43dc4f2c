#!/usr/bin/env bash
# Builds the web page into one self-contained folder: the HTML, CSS and JavaScript of web/src
# and the nqueens library compiled to WebAssembly, with its wasm-bindgen glue and the glue's
# TypeScript declarations (which the page never loads: web/jsconfig.json checks web/src against
# them). Nothing is fetched at run time; serve the folder with any static server:
#   web/build.sh && python3 -m http.server --bind 127.0.0.1 -d web/dist 8000
#   (then open http://127.0.0.1:8000; --bind keeps it off the network)
#
# Needs the wasm32-unknown-unknown target (rustup target add wasm32-unknown-unknown) and
# wasm-bindgen-cli of the same version as the wasm-bindgen crate in Cargo.lock
# (cargo install wasm-bindgen-cli --version X, built from source in minutes).
# Usage: web/build.sh [OUTDIR] (default web/dist).
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-web/dist}
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if ! command -v wasm-bindgen >/dev/null; then
    echo "build: wasm-bindgen not found (cargo install wasm-bindgen-cli --version $want)" >&2
    exit 2
fi
have=$(wasm-bindgen --version | awk '{ print $2 }')
if [ "$have" != "$want" ]; then
    echo "build: wasm-bindgen $have, but Cargo.lock has $want (cargo install wasm-bindgen-cli --version $want)" >&2
    exit 2
fi
if ! rustup target list --installed 2>/dev/null | grep -x wasm32-unknown-unknown >/dev/null; then
    echo "build: the wasm32-unknown-unknown target is missing (rustup target add wasm32-unknown-unknown)" >&2
    exit 2
fi

cargo build --quiet --profile wasm --target wasm32-unknown-unknown -p nqueens-web
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target web --out-dir "$out/pkg" \
    "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/wasm/nqueens_web.wasm"
cp web/src/*.html web/src/*.css web/src/*.js "$out/"
total=$(find "$out" -type f -printf '%s\n' | awk '{ s += $1 } END { print s }')
echo "build: $out ($(find "$out" -type f | wc -l) files, $total bytes)"
