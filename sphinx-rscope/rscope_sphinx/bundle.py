"""Where the Rscope bundle is, and copying it into the built site.

The bundle is the element module and what it loads beside itself:
``rscope-view.js``, the wasm-pack output ``rscope.js`` and
``rscope_bg.wasm``, and ``style.css``. A built checkout has it in
``pkg-embed/`` (the element-only bundle, the smallest) and in ``pkg/``
(the whole page's, which is also the npm package, so an installed
``node_modules/rscope`` is a bundle too).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from sphinx.errors import ConfigError

# The element module first: it is the one script the pages load.
FILES = ("rscope-view.js", "rscope.js", "rscope_bg.wasm", "style.css")
ELEMENT = FILES[0]
# The parts an element loads (the job list part for jobs=, the timeline part
# for view=timeline), each copied when the bundle has it.
PARTS = ("rscope_jobs.js", "rscope_jobs_bg.wasm", "rscope_timeline.js", "rscope_timeline_bg.wasm")
# The folder under _static that receives the bundle.
STATIC_SUBDIR = "rscope"
# A checkout's bundle: sphinx-rscope/rscope_sphinx/ -> the repository's pkg-embed/.
CHECKOUT_BUNDLE = Path(__file__).resolve().parents[2] / "pkg-embed"


def locate(confdir: str, configured: str | None) -> Path:
    """The bundle folder: ``rscope_bundle_dir`` (relative to conf.py) or the checkout's ``pkg-embed/``."""
    if configured:
        return (Path(confdir) / configured).resolve()
    return CHECKOUT_BUNDLE


def check(root: Path) -> Path:
    """The bundle folder if it holds every file; a missing one is a configuration error."""
    missing = [name for name in FILES if not (root / name).is_file()]
    if missing:
        raise ConfigError(
            f"rscope bundle {root} lacks {', '.join(missing)}: run scripts/build.sh in the Rscope checkout, "
            "or set rscope_bundle_dir to a folder that has them (an installed node_modules/rscope)"
        )
    return root


def copy_into(root: Path, static_dir: Path) -> None:
    """Copy the bundle's files into ``_static/rscope/``."""
    target = static_dir / STATIC_SUBDIR
    target.mkdir(parents=True, exist_ok=True)
    for name in FILES:
        shutil.copyfile(root / name, target / name)
    for name in PARTS:
        if (root / name).is_file():
            shutil.copyfile(root / name, target / name)
