"""The ``.. rscope::`` directive: one Rscope view of one document.

Its options are the ``<rscope-view>`` element's attributes, checked here so
that a mistake is reported at its line in the source file instead of showing
up as a broken widget in the built page.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

VIEWS = ("summary", "grid", "tree", "problems", "shape", "timeline")
THEMES = ("light", "dark", "auto")
# A CSS length the element's `height` takes: a number of pixels or a number with a unit.
HEIGHT = re.compile(r"^\d+(\.\d+)?(px|em|rem|vh|%)?$")
COLOR_BY = re.compile(r"^(auto|state|type|property:\S+|job|user|job-queue)$")
# The timeline's moment, in the forms `rscope resource replay --at` takes:
# seconds since the epoch, an ISO 8601 date or time (UTC unless a zone is
# given), or an offset from the first (+) or last (-) event in s, ms, m, h
# or d. A check of the form only: a date that is no day (2024-02-30) is
# said by the element when the page is read.
AT = re.compile(
    r"^(\d+(\.\d+)?"
    r"|\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?"
    r"|[+-](\d+(\.\d*)?|\.\d+)(ms|s|m|h|d)?)$"
)


class rscope_view(nodes.General, nodes.Element):
    """One ``<rscope-view>``: the element's attributes in ``attrs``, the
    document's text in ``text``; its one child is the literal block that
    non-HTML builders show instead."""


def view_option(argument: str | None) -> str:
    """One or more views, separated by spaces or commas, written back space-separated."""
    words = [w for w in re.split(r"[\s,]+", argument or "") if w]
    if not words:
        raise ValueError(f"no view given: use one or more of {', '.join(VIEWS)}")
    for word in words:
        if word not in VIEWS:
            raise ValueError(f"unknown view '{word}': use one or more of {', '.join(VIEWS)}")
    return " ".join(words)


def height_option(argument: str | None) -> str:
    """A height in pixels (``300``) or with a CSS unit (``20em``, ``40vh``)."""
    value = (argument or "").strip()
    if not HEIGHT.match(value) or float(re.sub(r"[a-z%]+$", "", value)) == 0:
        raise ValueError(f"invalid height '{value}': give pixels (300) or a CSS length (20em, 40vh)")
    return value


def theme_option(argument: str | None) -> str:
    """``light``, ``dark`` or ``auto``."""
    return directives.choice(argument, THEMES)


def color_by_option(argument: str | None) -> str:
    """``auto``, ``state``, ``type`` or ``property:NAME``, as the grid's colour menu; with ``:jobs:``, ``job``, ``user`` or ``job-queue``."""
    value = (argument or "").strip()
    if not COLOR_BY.match(value):
        raise ValueError(f"invalid color-by '{value}': use auto, state, type, property:NAME, or with :jobs: job, user or job-queue")
    return value


def at_option(argument: str | None) -> str:
    """The moment a timeline starts at: ``1714564800``, ``2024-05-01T12:00:00Z``, ``+2h`` or ``-3d``."""
    value = (argument or "").strip()
    if not AT.match(value):
        raise ValueError(
            f"invalid time '{value}': give seconds since the epoch, an ISO 8601 time "
            "(2024-05-01T12:00:00Z) or an offset from the first or last event (+2h, -3d)"
        )
    return value


class RscopeDirective(SphinxDirective):
    """``.. rscope::`` with the document as its body or in ``:file:``."""

    has_content = True
    option_spec = {
        "file": directives.path,
        "view": view_option,
        "height": height_option,
        "theme": theme_option,
        "color-by": color_by_option,
        "fold": directives.flag,
        "shape": directives.unchanged_required,
        "page": directives.uri,
        # A link to a job list, as the element's jobs= takes it.
        "jobs": directives.uri,
        # With view timeline: the moment its chart marks and its grid shows.
        "at": at_option,
        "name": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        text = self.document_text()
        node = rscope_view(attrs=self.element_attributes(), text=text)
        self.set_source_info(node)
        self.add_name(node)
        block = nodes.literal_block(text, text)
        block["language"] = "json" if parses_as_json(text) else "none"
        node += block
        return [node]

    def document_text(self) -> str:
        """The body, or the text of ``:file:`` read relative to this source file."""
        body = "\n".join(self.content)
        if "file" not in self.options:
            if not body.strip():
                raise self.error("rscope needs a document: write it as the directive's body or name it with :file:")
            return body
        if body.strip():
            raise self.error("rscope takes its document from the body or from :file:, not both")
        rel, path = self.env.relfn2path(self.options["file"], self.env.docname)
        self.env.note_dependency(rel)
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise self.error(f"rscope cannot read :file: {self.options['file']}: {reason(err)}") from None
        if not text.strip():
            raise self.error(f"rscope :file: {self.options['file']} is empty")
        return text

    def element_attributes(self) -> dict[str, str]:
        """The element's attributes, in the order the options are listed."""
        attrs = {}
        for name in ("view", "height", "theme", "color-by", "shape", "jobs", "at", "page"):
            if name in self.options:
                attrs[name] = self.options[name]
        if "at" in self.options and "timeline" not in self.options.get("view", "").split():
            raise self.error("rscope :at: is the timeline's moment: add timeline to :view:")
        if "fold" in self.options:
            attrs["fold"] = ""
        return attrs


def parses_as_json(text: str) -> bool:
    """Whether Pygments' JSON lexer may highlight it (a broken document is shown plain)."""
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def reason(err: Exception) -> str:
    """An I/O error in a few lowercase words."""
    if isinstance(err, FileNotFoundError):
        return "no such file"
    if isinstance(err, UnicodeDecodeError):
        return "not UTF-8 text"
    return (getattr(err, "strerror", None) or str(err)).lower()
