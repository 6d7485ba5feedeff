#!/usr/bin/env bash
# Make pkg/ (wasm-pack's output, with the <rscope-view> element and the
# stylesheet that scripts/build.sh copies beside it) a complete npm package:
# package.json (name, version, files, module, types, exports) and a README.
# Run by scripts/build.sh after the bundles are built; `npm pack ./pkg`
# then makes the tarball (`npm pack pkg`, without ./, would fetch the
# registry's package named pkg). www/packaging/npm-*.spec.js test it.
set -euo pipefail
cd "$(dirname "$0")/.."

# Version, description and licence come from the workspace's Cargo.toml
# ([workspace.package], which every crate inherits).
field() { awk -v k="$1" '/^\[/ { p = ($0 == "[workspace.package]") } p && $1 == k { sub(/^[^=]*= *"/, ""); sub(/"$/, ""); print; exit }' Cargo.toml; }
version=$(field version)
description=$(field description)
license=$(field license)
[ -n "$version" ] || { echo "package: cannot read the version from Cargo.toml" >&2; exit 1; }

files=(rscope.js rscope_bg.wasm rscope.d.ts rscope_bg.wasm.d.ts rscope_jobs.js rscope_jobs_bg.wasm rscope_jobs.d.ts rscope-view.js style.css README.md)

VERSION="$version" DESCRIPTION="$description" LICENSE="$license" node --input-type=module -e '
import { writeFileSync } from "node:fs";
const env = process.env;
const pkg = {
  name: "rscope",
  version: env.VERSION,
  description: env.DESCRIPTION,
  license: env.LICENSE,
  keywords: ["flux", "hpc", "resource-set", "rfc20", "webassembly", "custom-element"],
  type: "module",
  files: process.argv.slice(1),
  module: "./rscope.js",
  types: "./rscope.d.ts",
  exports: {
    ".": { types: "./rscope.d.ts", default: "./rscope.js" },
    // A part of the JS API with a wasm module of its own, loaded only by
    // pages that import it: jobs and jobMap.
    "./jobs": { types: "./rscope_jobs.d.ts", default: "./rscope_jobs.js" },
    "./rscope_jobs_bg.wasm": "./rscope_jobs_bg.wasm",
    "./element": "./rscope-view.js",
    "./rscope-view.js": "./rscope-view.js",
    "./rscope_bg.wasm": "./rscope_bg.wasm",
    "./style.css": "./style.css",
    "./package.json": "./package.json",
  },
  // Importing the element defines <rscope-view>: a bundler must keep it.
  sideEffects: ["./rscope-view.js"],
};
writeFileSync("pkg/package.json", JSON.stringify(pkg, null, 2) + "\n");
' "${files[@]}"

cat > pkg/README.md <<'EOF'
# rscope

Explore [Flux](https://flux-framework.org) resource sets in the browser:
RFC 20 R documents, RFC 40 JGF graphs and RFC 46 shapes, read by Rscope's
Rust core compiled to WebAssembly. No server: everything runs in the page.

## The `<rscope-view>` element

```html
<script type="module" src="node_modules/rscope/rscope-view.js"></script>
<rscope-view src="r.json" view="summary grid"></rscope-view>
<rscope-view view="tree" fold>{"version": 1, "execution": {…}}</rscope-view>
```

or, with a bundler, `import 'rscope/element';`. The element finds
`rscope.js`, `rscope_bg.wasm` and `style.css` beside itself, so serve the
package folder as it is, with `.wasm` as `application/wasm`. Attributes:
`src` (or the document as the element's text, or in a child
`<script type="application/json">`), `view` (one or more of `summary grid
tree problems shape`), `height`, `theme` (`light`, `dark`, `auto`),
`color-by` (`state`, `type`, `property:NAME`), `fold`, `shape` (an RFC 46
shape whose fit is drawn over the grid) and `page` (the Rscope page that
"Open in Rscope" goes to). Elements share one wasm instance, draw inside a
shadow root and start when they scroll into view.

## The JS API

```js
import init, { summary, validate, decode, hostlist, shape } from 'rscope';

await init(); // fetches rscope_bg.wasm beside rscope.js
summary(text);                          // counts, ranks, nodelist, …
validate(text);                         // findings with line, column, JSON pointer, fix
decode(text, { short: true });          // as `flux R decode --short`
hostlist('union', ['a[1-3]', 'a[3-5]']); // as `flux hostlist --union`
shape('slot=2/node');                   // as `python -m flux.shape.parser`
```

Every function is typed in `rscope.d.ts`; a wrong argument or a bad
document throws an `Error` that says what and where (`line` and `column`
properties for a place in a document).

Job lists are a part of their own, with a wasm module that only pages
importing it fetch:

```js
import initJobs, { jobs, jobMap } from 'rscope/jobs';

await initJobs(); // fetches rscope_jobs_bg.wasm beside rscope_jobs.js
jobs(list, { format: 'long' }); // as `flux jobs --from-stdin -o long`
jobMap(list, R);                // as `rscope jobs map --R R`
```
EOF

echo "package: pkg/ is the npm package rscope $version (npm pack ./pkg)"
