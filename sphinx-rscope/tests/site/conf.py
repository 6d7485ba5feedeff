# A two-page project for the sphinx test tier: every kind of widget the
# directive makes, built with `sphinx-build -W` (any warning fails it) and
# then opened in Chromium by www/embed/sphinx.spec.js.
project = "Rscope directive fixture"
extensions = ["rscope_sphinx"]
# The bundle: RSCOPE_BUNDLE_DIR when set (the npm package installed by the
# tests), otherwise the checkout's pkg/.
import os

rscope_bundle_dir = os.environ.get("RSCOPE_BUNDLE_DIR") or None
html_theme = "alabaster"
