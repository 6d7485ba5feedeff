#!/usr/bin/env bash
# Install every tool Rscope's build and tests use, on a fresh machine or an
# old one. Idempotent: each step checks the version it needs and skips what is
# already there. Prints what it installs.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf 'setup: %s\n' "$*"; }

# Versions are pinned here or read from Cargo.lock, never guessed.
WASM_PACK_VERSION=0.15.1
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
[ -n "$WASM_BINDGEN_VERSION" ] || { say "cannot read the wasm-bindgen version from Cargo.lock"; exit 1; }

export PATH="$HOME/.cargo/bin:$PATH"

need_apt=()
command -v node >/dev/null && command -v npm >/dev/null || need_apt+=(nodejs npm)
command -v python3 >/dev/null || need_apt+=(python3)
# Debian's hwloc: `rscope R encode --local` runs its lstopo-no-graphics, and
# the hwloc fixtures are made with its hwloc-ls.
command -v lstopo-no-graphics >/dev/null || need_apt+=(hwloc)
python3 -c 'import ensurepip, venv' 2>/dev/null || need_apt+=(python3-venv)
# Graphviz's `dot`: a test renders the DOT that `rscope jgf export` writes.
command -v dot >/dev/null || need_apt+=(graphviz)
# `make bench-scale` times the CLI against jq with GNU time.
command -v jq >/dev/null || need_apt+=(jq)
[ -x /usr/bin/time ] || need_apt+=(time)
if [ ${#need_apt[@]} -gt 0 ]; then
  say "installing ${need_apt[*]} from Debian"
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need_apt[@]}"
fi

# Rust: the wasm32 target and the lint components.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "installing the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi
for comp in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$comp"; then
    say "installing rustup component $comp"
    rustup component add "$comp"
  fi
done

# wasm-bindgen-cli must be exactly the version in Cargo.lock.
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (several minutes)"
  # Not --locked: its lock file can name a crate version the registry has yanked.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

if [ "$(wasm-pack --version 2>/dev/null | awk '{print $2}')" != "$WASM_PACK_VERSION" ]; then
  say "installing wasm-pack $WASM_PACK_VERSION (several minutes)"
  cargo install wasm-pack --version "$WASM_PACK_VERSION" --locked --force
fi

# Debian's Chromium and its driver; their major versions must agree.
major() { "$1" --version 2>/dev/null | grep -oE '[0-9]+\.' | head -1; }
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ] \
   || [ "$(major /usr/bin/chromium)" != "$(major /usr/bin/chromedriver)" ]; then
  say "installing Debian's chromium and chromium-driver"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q chromium chromium-driver
fi

# npm packages of www/ exactly as package-lock.json says; a stamp records the
# lock file they were installed from.
stamp=www/node_modules/.rscope-lock.sha256
want=$(sha256sum www/package-lock.json | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  say "installing the npm packages of www/ (npm ci)"
  (cd www && npm ci --no-audit --no-fund --loglevel=error)
  echo "$want" > "$stamp"
fi

# Sphinx for the sphinx tier: a virtualenv in .venv-sphinx with the pinned
# sphinx-rscope/requirements.txt and the extension itself (editable); a stamp
# records the files it was made from.
stamp=.venv-sphinx/.rscope-sphinx.sha256
want=$(cat sphinx-rscope/requirements.txt sphinx-rscope/pyproject.toml | sha256sum | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  say "installing Sphinx and sphinx-rscope into .venv-sphinx (pip)"
  python3 -m venv --clear .venv-sphinx
  .venv-sphinx/bin/pip install -q --disable-pip-version-check -r sphinx-rscope/requirements.txt -e sphinx-rscope
  echo "$want" > "$stamp"
fi

say "ready: $(rustc --version), wasm-bindgen $WASM_BINDGEN_VERSION, wasm-pack $WASM_PACK_VERSION, $(/usr/bin/chromium --version 2>/dev/null | head -1), node $(node --version), $(.venv-sphinx/bin/sphinx-build --version)"
