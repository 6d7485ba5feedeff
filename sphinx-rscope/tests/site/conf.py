# A two-page project for the packaging tier: every kind of widget the
# directive makes, built with `sphinx-build -W` (any warning fails it) by
# www/packaging/setup.js, then opened in Chromium by www/packaging/sphinx-*.spec.js.
# The bundle is the extension's default: the checkout's pkg-embed/ (scripts/build.sh).
project = "Rscope directive fixture"
extensions = ["rscope_sphinx"]
# Where "Open in Rscope" goes (a reserved example domain: the spec reads the link, never follows it).
rscope_page = "https://rscope.example/"
html_theme = "alabaster"
# An icon, so that the browser does not ask the server for a missing /favicon.ico.
html_favicon = "../../../static/icon.svg"
