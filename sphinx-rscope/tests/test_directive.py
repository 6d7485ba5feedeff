"""Unit tests of the ``.. rscope::`` directive: each builds a tiny Sphinx
project in a temporary folder and reads what it wrote and warned."""

from __future__ import annotations

import io
import tempfile
import unittest
from html.parser import HTMLParser
from pathlib import Path

from sphinx.errors import ConfigError
from sphinx.testing.util import SphinxTestApp
from sphinx.util.console import strip_escape_sequences

DOC = '{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-3"}}]}}'


# Every test's project lives here, removed when the module's tests end.
SCRATCH = tempfile.TemporaryDirectory(prefix="rscope-sphinx-")


def tearDownModule() -> None:
    SCRATCH.cleanup()


def make_bundle(root: Path) -> Path:
    """A bundle folder: the element module and what it loads, each file holding its own name."""
    root.mkdir(parents=True)
    for name in ("rscope-view.js", "rscope.js", "rscope_bg.wasm", "style.css", "rscope_jobs.js", "rscope_jobs_bg.wasm", "rscope_timeline.js", "rscope_timeline_bg.wasm", "unrelated.txt"):
        (root / name).write_text(name)
    return root


def build(pages: dict[str, str], builder: str = "html", bundle: bool = True, conf: str = "") -> tuple[Path, str]:
    """Build `pages` (path -> text; index.rst must be one) and return the output folder and the warnings."""
    tmp = Path(tempfile.mkdtemp(prefix="build-", dir=SCRATCH.name))
    src = tmp / "src"
    for name, text in pages.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text, encoding="utf-8")
    conf = 'extensions = ["rscope_sphinx"]\n' + conf
    if bundle:
        conf += f"rscope_bundle_dir = {str(make_bundle(tmp / 'bundle'))!r}\n"
    else:
        conf += f"rscope_bundle_dir = {str(tmp / 'nowhere')!r}\n"
    (src / "conf.py").write_text(conf)
    warnings = io.StringIO()
    # SphinxTestApp undoes each app's docutils registrations, so that the next one starts clean.
    app = SphinxTestApp(builder, srcdir=src, builddir=tmp / "build", freshenv=True, warning=warnings)
    try:
        app.build()
    finally:
        app.cleanup()
    return tmp / "build" / builder, strip_escape_sequences(warnings.getvalue())


def directive(*options: str, body: str = DOC) -> str:
    """An index page with one directive."""
    lines = ["Title", "=====", "", ".. rscope::", *(f"   {o}" for o in options)]
    if body:
        lines += ["", *(f"   {line}" for line in body.splitlines())]
    return "\n".join(lines) + "\n"


class Elements(HTMLParser):
    """The attributes and text of every <rscope-view> and the module scripts of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[dict, str]] = []
        self.modules: list[str] = []
        self.inside = False

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "rscope-view":
            self.found.append((dict(attrs), ""))
            self.inside = True
        elif tag == "script" and ("type", "module") in attrs:
            self.modules.append(dict(attrs).get("src", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "rscope-view":
            self.inside = False

    def handle_data(self, data: str) -> None:
        if self.inside:
            attrs, text = self.found[-1]
            self.found[-1] = (attrs, text + data)


def elements(path: Path) -> Elements:
    parser = Elements()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


class HtmlOutput(unittest.TestCase):
    def test_options_become_attributes(self) -> None:
        page = directive(":view: summary, grid", ":height: 20em", ":theme: dark", ":color-by: property:ssd", ":fold:", ":shape: slot=2/core", ":name: quartz")
        out, warnings = build({"index.rst": page})
        self.assertEqual(warnings, "")
        [(attrs, text)] = elements(out / "index.html").found
        self.assertEqual(
            attrs,
            {"id": "quartz", "view": "summary grid", "height": "20em", "theme": "dark", "color-by": "property:ssd", "fold": None, "shape": "slot=2/core"},
        )
        self.assertEqual(text, DOC)

    def test_a_job_list_colours_the_grid_by_user(self) -> None:
        page = directive(":view: grid", ":jobs: _static/jobs.json", ":color-by: user")
        out, warnings = build({"index.rst": page})
        self.assertEqual(warnings, "")
        [(attrs, _)] = elements(out / "index.html").found
        self.assertEqual({k: v for k, v in attrs.items() if k != "page"}, {"view": "grid", "color-by": "user", "jobs": "_static/jobs.json"})

    def test_a_timeline_and_its_moment_become_attributes(self) -> None:
        page = directive(":view: timeline, grid", ":at: -1h", ":file: ev.jsonl", body="")
        log = '{"timestamp": 0, "name": "restart", "context": {"ranks": "0-1", "online": "0-1", "nodelist": "n[0-1]"}}\n'
        out, warnings = build({"index.rst": page, "ev.jsonl": log})
        self.assertEqual(warnings, "")
        [(attrs, text)] = elements(out / "index.html").found
        self.assertEqual({k: v for k, v in attrs.items() if k != "page"}, {"view": "timeline grid", "at": "-1h"})
        self.assertEqual(text, log)

    def test_rscope_page_is_every_element_s_page_unless_it_names_its_own(self) -> None:
        page = directive() + "\n" + directive(":page: https://elsewhere.example/rscope/").split("\n", 3)[3]
        out, warnings = build({"index.rst": page}, conf="rscope_page = 'https://example.org/rscope/'\n")
        self.assertEqual(warnings, "")
        pages = [attrs["page"] for attrs, _ in elements(out / "index.html").found]
        self.assertEqual(pages, ["https://example.org/rscope/", "https://elsewhere.example/rscope/"])

    def test_document_text_arrives_unchanged(self) -> None:
        # Markup-looking text in a (broken) document must stay text.
        doc = '{"a": "</rscope-view><script>x</script> & &amp;"\n  , oops}'
        out, warnings = build({"index.rst": directive(body=doc)})
        self.assertEqual(warnings, "")
        [(_, text)] = elements(out / "index.html").found
        self.assertEqual(text, doc)

    def test_module_only_on_pages_that_use_it_and_bundle_copied(self) -> None:
        pages = {"index.rst": directive() + "\n.. toctree::\n\n   plain\n", "plain.rst": "Plain\n=====\n\nNo widget.\n"}
        out, warnings = build(pages)
        self.assertEqual(warnings, "")
        self.assertEqual(elements(out / "index.html").modules, ["_static/rscope/rscope-view.js"])
        self.assertEqual(elements(out / "plain.html").modules, [])
        copied = {p.name: p.read_text() for p in (out / "_static" / "rscope").iterdir()}
        files = ("rscope-view.js", "rscope.js", "rscope_bg.wasm", "style.css", "rscope_jobs.js", "rscope_jobs_bg.wasm", "rscope_timeline.js", "rscope_timeline_bg.wasm")
        self.assertEqual(copied, {name: name for name in files})

    def test_file_is_relative_to_the_source_file(self) -> None:
        pages = {
            "index.rst": "Top\n===\n\n.. toctree::\n\n   sub/page\n",
            "sub/page.rst": directive(":file: data.json", body=""),
            "sub/data.json": DOC + "\n",
        }
        out, warnings = build(pages)
        self.assertEqual(warnings, "")
        [(_, text)] = elements(out / "sub" / "page.html").found
        self.assertEqual(text, DOC + "\n")
        self.assertEqual(elements(out / "sub" / "page.html").modules, ["../_static/rscope/rscope-view.js"])

    def test_missing_bundle_stops_an_html_build(self) -> None:
        message = r"rscope bundle .*/nowhere lacks rscope-view.js, rscope.js, rscope_bg.wasm, style.css: run scripts/build.sh"
        with self.assertRaisesRegex(ConfigError, message):
            build({"index.rst": directive()}, bundle=False)


class Mistakes(unittest.TestCase):
    """Each mistake is an error at the directive's line (line 4 of the page)."""

    def assert_reported(self, page: str, message: str) -> None:
        _, warnings = build({"index.rst": page})
        self.assertIn("/src/index.rst:4: ERROR: " + message, warnings)

    def assert_bad_value(self, option: str, value: str, message: str) -> None:
        page = directive(f":{option}: {value}")
        head = f'Error in "rscope" directive:\ninvalid option value: (option: "{option}"; value: {value!r})\n'
        self.assert_reported(page, head + message)

    def test_missing_file(self) -> None:
        self.assert_reported(directive(":file: absent.json", body=""), "rscope cannot read :file: absent.json: no such file")

    def test_empty_file(self) -> None:
        pages = {"index.rst": directive(":file: empty.json", body=""), "empty.json": "\n"}
        _, warnings = build(pages)
        self.assertIn("/src/index.rst:4: ERROR: rscope :file: empty.json is empty", warnings)

    def test_unknown_view(self) -> None:
        self.assert_bad_value("view", "grid map", "unknown view 'map': use one or more of summary, grid, tree, problems, shape, timeline.")

    def test_bad_moment(self) -> None:
        self.assert_bad_value(
            "at",
            "tuesday",
            "invalid time 'tuesday': give seconds since the epoch, an ISO 8601 time (2024-05-01T12:00:00Z) "
            "or an offset from the first or last event (+2h, -3d).",
        )

    def test_a_moment_without_a_timeline(self) -> None:
        self.assert_reported(directive(":view: grid", ":at: -1d"), "rscope :at: is the timeline's moment: add timeline to :view:")

    def test_bad_theme(self) -> None:
        self.assert_bad_value("theme", "blue", '"blue" unknown; choose from "light", "dark", or "auto".')

    def test_bad_height(self) -> None:
        self.assert_bad_value("height", "tall", "invalid height 'tall': give pixels (300) or a CSS length (20em, 40vh).")

    def test_bad_color_by(self) -> None:
        self.assert_bad_value("color-by", "rainbow", "invalid color-by 'rainbow': use auto, state, type, property:NAME, or with :jobs: job, user or job-queue.")

    def test_zero_height(self) -> None:
        self.assert_bad_value("height", "0em", "invalid height '0em': give pixels (300) or a CSS length (20em, 40vh).")

    def test_unknown_option(self) -> None:
        self.assert_reported(directive(":colour: state"), 'Error in "rscope" directive:\nunknown option: "colour".')

    def test_no_document(self) -> None:
        self.assert_reported(directive(body=""), "rscope needs a document: write it as the directive's body or name it with :file:")

    def test_body_and_file(self) -> None:
        self.assert_reported(directive(":file: x.json"), "rscope takes its document from the body or from :file:, not both")


class OtherBuilders(unittest.TestCase):
    def test_text_builder_shows_the_document_as_a_literal_block(self) -> None:
        out, warnings = build({"index.rst": directive(":view: grid")}, builder="text", bundle=False)
        self.assertEqual(warnings, "")
        self.assertEqual((out / "index.txt").read_text(), "Title\n*****\n\n   " + DOC + "\n")

    def test_broken_document_in_latex_is_shown_plain_without_warnings(self) -> None:
        out, warnings = build({"index.rst": directive(body='{"version": 1,,}')}, builder="latex", bundle=False)
        self.assertEqual(warnings, "")
        tex = next(out.glob("*.tex")).read_text()
        block = "\\begin{sphinxVerbatim}[commandchars=\\\\\\{\\}]\n\\PYGZob{}\\PYGZdq{}version\\PYGZdq{}: 1,,\\PYGZcb{}\n\\end{sphinxVerbatim}"
        self.assertIn(block, tex)


if __name__ == "__main__":
    unittest.main()
