#!/usr/bin/env bash
# Build the release site bundle into pkg/: wasm-pack (its own wasm-opt off,
# since it cannot download binaryen here), then wasm-opt -O3 from the npm
# binaryen package. Prints the bundle sizes, raw and gzipped.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

# The page is built for speed, as the CLI is: the analysis worker reads
# 3 MB documents against a 400 ms budget, and opt-level 3 with wasm-opt -O3
# reads them in about two thirds of the time opt-level "s" with -Oz takes
# (140-166 ms against 212 ms for the 16 384-node fragmented R), for about
# 100 KB more gzipped.
CARGO_PROFILE_RELEASE_OPT_LEVEL=3 wasm-pack build --target web --release --out-dir pkg --no-pack

# The features rustc enables by default for wasm32 must be allowed in wasm-opt.
www/node_modules/.bin/wasm-opt -O3 \
  --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-reference-types --enable-multivalue \
  pkg/rscope_bg.wasm -o pkg/rscope_bg.opt.wasm
mv pkg/rscope_bg.opt.wasm pkg/rscope_bg.wasm

printf '%-22s %10s %10s\n' "bundle file" "bytes" "gzipped"
total=0
for f in pkg/rscope_bg.wasm pkg/rscope.js; do
  raw=$(stat -c %s "$f")
  gz=$(gzip -9 -c "$f" | wc -c)
  total=$((total + gz))
  printf '%-22s %10d %10d\n' "$f" "$raw" "$gz"
done
printf '%-22s %10s %10d\n' "total (wasm + js)" "" "$total"
