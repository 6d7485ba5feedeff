#!/usr/bin/env bash
# Build the release site bundles: pkg/ (the whole page) and pkg-embed/ (the
# <rscope-view> element alone: cargo feature `page` off, so only mountView
# is exported and the linker drops the rest). Each is wasm-pack (its own
# wasm-opt off, since it cannot download binaryen here), then wasm-opt from
# the npm binaryen package. The element (static/rscope-view.js) and the
# stylesheet are copied beside each bundle: the element loads ./rscope.js,
# ./rscope_bg.wasm and ./style.css relative to its own URL. Prints the
# bundle sizes, raw and gzipped.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

# bundle_named NAME OPT-LEVEL WASM-OPT-LEVEL OUT-DIR [CARGO-ARGS...]: OUT-DIR
# gets NAME.js and NAME_bg.wasm.
bundle_named() {
  local name=$1 opt=$2 out=$4
  # shellcheck disable=SC2206 # the wasm-opt flags are words on purpose
  local wasm_opt=($3)
  shift 4
  # wasm-pack builds the web crate; its output is named NAME: rscope
  # (rscope.js, rscope_bg.wasm) for the page and the element, as the npm
  # package expects, and rscope_PART for a part loaded on first use.
  # Panic locations name their files: write them as the crate's own paths
  # (`rscope-core/src/…`, `yew-0.23.0/src/…`), not where this machine keeps
  # them, so two machines build the same bundle (and 7 KB less of it).
  local remap="--remap-path-prefix=$PWD/crates/= --remap-path-prefix=crates/="
  for registry in "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/; do
    remap="$remap --remap-path-prefix=$registry="
  done
  RUSTFLAGS="$remap" CARGO_PROFILE_RELEASE_OPT_LEVEL=$opt wasm-pack build crates/rscope-web --target web --release \
    --out-dir "$PWD/$out" --out-name "$name" --no-pack -- "$@"
  # The features rustc enables by default for wasm32 must be allowed in wasm-opt.
  www/node_modules/.bin/wasm-opt "${wasm_opt[@]}" \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$out/${name}_bg.wasm" -o "$out/${name}_bg.opt.wasm"
  mv "$out/${name}_bg.opt.wasm" "$out/${name}_bg.wasm"
}

# bundle OPT-LEVEL WASM-OPT-LEVEL OUT-DIR [CARGO-ARGS...]: the page or the
# element, named rscope, with the element and the stylesheet beside it.
bundle() {
  bundle_named rscope "$@"
  cp static/rscope-view.js static/style.css "$3/"
}

# The element's bundle ships its scripts (its own and wasm-bindgen's glue)
# and its stylesheet without comments
# and indentation: they are read in static/, and the bundle has a size
# budget. Only whole-line comments are dropped, so no code is touched. The
# stylesheet also goes without the rules marked as the page's alone
# (`/* page only: … */` to `/* end of page only */`): 2.2 KB gzipped.
strip_comments() {
  node -e '
    const fs = require("fs");
    const [file, kind] = process.argv.slice(1);
    let text = fs.readFileSync(file, "utf8");
    // The page-only rules (its editor, tabs, panels, picture) style
    // nothing an element draws.
    if (kind === "css") text = text.replace(/\/\* page only:[\s\S]*?\/\* end of page only \*\//g, "");
    if (kind === "css") text = text.replace(/\/\*[\s\S]*?\*\//g, "");
    let block = false;
    const kept = text.split("\n").filter((line) => {
      const s = line.trim();
      if (block) { if (s.includes("*/")) block = false; return false; }
      if (kind === "js" && s.startsWith("/*")) { block = !s.includes("*/"); return false; }
      return s !== "" && !(kind === "js" && s.startsWith("//"));
    });
    fs.writeFileSync(file, kept.map((l) => l.trim()).join("\n") + "\n");
  ' "$1" "$2"
}

# The page is compiled for size (opt-level "s") and then optimized by
# wasm-opt -Os: the page has a size budget (www/tests/page-size.spec.js).
# wasm-opt -Os made it 6.2 KB gzipped smaller than -O3 (1 344 284 B
# against 1 350 469 B; -Oz 1 344 472 B) at the same speed in the page
# benchmark, two runs each, alternated, at load 1.5-1.8 (2026-12-05):
# the 16 384-node paste to its grid 307 and 427 ms (370, 374 ms with -O3),
# its worker sent the grid after 192 and 230 ms (218, 228 ms), no
# main-thread task over 50 ms with either. Earlier the same day, one run
# each on a 2-core machine, opt-level "s" made the wasm 146 KB gzipped smaller than opt-level 3 (1 306 263 B
# against 1 452 639 B) at about the same speed where people wait: the
# 16 384-node fragmented R pasted to its grid in 203 ms (214 ms), its
# worker sent the grid after 128 ms (126 ms), a fit into it answered in
# 64 ms (58 ms), two of them compared in 1 351 ms (1 363 ms). Only the
# El Capitan-sized graph's whole analysis (graph, tree) took longer,
# 12.2 s against 10.1 s; its summary and grid, 3.95 s (3.81 s). wasm-opt
# -Oz instead of -O3 was slower when the crates were built at opt-level
# 3 (212 ms against 140-166 ms for the worker's part of that paste); it
# has not been measured over opt-level "s". As for the element
# (below), wasm-opt is told that the first kilobyte of memory is never
# addressed, which folds address arithmetic into loads (9 KB gzipped
# less, and fewer instructions), and drops the sections only tools read;
# and that no load, store or division traps on its own, as the element's
# is (below): 0.5 KB gzipped (2026-12-05).
bundle s "--low-memory-unused --ignore-implicit-traps -Os --converge --strip-producers --strip-target-features" pkg
# The page's wasm-bindgen glue goes without its comments and indentation
# as the element's does (5.2 KB gzipped of 18.7 KB): its types and their
# documentation are in rscope.d.ts, which keeps them.
strip_comments pkg/rscope.js js
# The JS API's parts loaded on first use (#48 item 3): the web crate built
# with one part's feature and without `page`, so the wasm holds only what
# that part's functions reach, compiled as the page is. The page's bundle
# leaves their code out; index.html's `rscopeParts` and the npm package's
# `rscope/jobs` load them. wasm-pack writes into a folder of its own, and
# the part's files are copied beside the page's.
for part in jobs timeline; do
  bundle_named "rscope_$part" s "--low-memory-unused --ignore-implicit-traps -Os --converge --strip-producers --strip-target-features" \
    "target/part-$part" --no-default-features --features "$part-part"
  cp "target/part-$part/rscope_$part.js" "target/part-$part/rscope_${part}_bg.wasm" "target/part-$part/rscope_$part.d.ts" pkg/
  strip_comments "pkg/rscope_$part.js" js
done
# The element's bundle is built for size: it has a budget (400 KB gzipped
# with its JS and CSS, www/tests/element-size.spec.js) and draws small
# documents; opt-level "z" is about 40 KB gzipped under "s", and running
# wasm-opt's passes until they converge takes 1.5 KB more; telling
# wasm-opt that the first kilobyte of memory is never addressed (Rust's
# wasm32 layout puts the stack there, growing down from 1 MiB, and no data)
# lets it fold address arithmetic into loads, 2.8 KB more; the producers
# and target-features sections, which only tools read, 0.26 KB. Its own
# target folder keeps both builds incremental (another opt-level rebuilds
# every dependency). A whole-program flow analysis (GUFA) and a second
# round of -Oz after it take 0.4 KB more. wasm-opt is also told that no
# load, store or division traps on its own (--ignore-implicit-traps), so
# it may move or drop such instructions whose results go unused: 0.5 KB
# gzipped (2026-12-05). Rust never relies on those traps: it checks
# division by zero and bounds itself, and an access out of memory would
# already be undefined behaviour.
CARGO_TARGET_DIR=$PWD/target/wasm-embed bundle z "--low-memory-unused --ignore-implicit-traps -Oz --converge --gufa -Oz --converge --strip-producers --strip-target-features" pkg-embed --no-default-features
strip_comments pkg-embed/rscope-view.js js
strip_comments pkg-embed/rscope.js js
strip_comments pkg-embed/style.css css
# The element's two scripts minified (terser: local names shortened, dead
# code dropped; property names, which the glue and the wasm share, kept):
# 1.3 KB gzipped, which the element's job colouring (jobs=) took back
# (2026-12-07).
for f in pkg-embed/rscope-view.js pkg-embed/rscope.js; do
  www/node_modules/.bin/terser "$f" --module --compress --mangle -o "$f"
done
# An element with jobs= loads the job list part from beside it (its
# jobColoring), and one with view=timeline the timeline part (its
# stillTimeline); neither is one of the four files every element fetches,
# and only such an element fetches it.
cp pkg/rscope_jobs.js pkg/rscope_jobs_bg.wasm pkg/rscope_timeline.js pkg/rscope_timeline_bg.wasm pkg-embed/

# Brotli copies at brotli's highest quality (FILE.br, beside each file the
# page and the element load), as a host that serves precompressed files
# keeps them: www/serve.mjs serves them, and compresses at quality 9 only
# what has none (quality 11 takes about 16 s for the page's wasm, too long
# for each server start, and makes it 11 % smaller than 9 does).
node --input-type=module -e '
  import { readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
  import { promisify } from "node:util";
  import { brotliCompress, constants as z } from "node:zlib";
  const brotli = promisify(brotliCompress);
  const files = ["pkg", "pkg-embed"].flatMap((dir) =>
    readdirSync(dir).filter((f) => /\.(wasm|js|css)$/.test(f)).map((f) => `${dir}/${f}`));
  await Promise.all(files.map(async (file) => {
    const body = readFileSync(file);
    const params = { [z.BROTLI_PARAM_QUALITY]: 11, [z.BROTLI_PARAM_SIZE_HINT]: body.length };
    // Whole or not at all: a server reading it meanwhile sees the old copy.
    writeFileSync(`${file}.br.tmp`, await brotli(body, { params }));
    renameSync(`${file}.br.tmp`, `${file}.br`);
  }));
'
printf '%-28s %10s %10s\n' "bundle file" "bytes" "gzipped"
for dir in pkg pkg-embed; do
  total=0
  for f in "$dir/rscope_bg.wasm" "$dir/rscope.js" "$dir/rscope-view.js" "$dir/style.css"; do
    raw=$(stat -c %s "$f")
    gz=$(gzip -9 -c "$f" | wc -c)
    total=$((total + gz))
    printf '%-28s %10d %10d\n' "$f" "$raw" "$gz"
  done
  printf '%-28s %10s %10d\n' "total $dir (wasm+js+css)" "" "$total"
done
for f in pkg/rscope_jobs_bg.wasm pkg/rscope_jobs.js pkg/rscope_timeline_bg.wasm pkg/rscope_timeline.js; do
  printf '%-28s %10d %10d\n' "$f" "$(stat -c %s "$f")" "$(gzip -9 -c "$f" | wc -c)"
done
bash scripts/package.sh
