"""Sphinx extension: ``.. rscope::`` embeds a read-only Rscope view of a Flux
resource document (RFC 20 R, RFC 40 JGF) as an ``<rscope-view>`` element.

HTML builders write the element, copy Rscope's bundle into
``_static/rscope/`` and load its module on the pages that use it; other
builders (LaTeX, text, man, …) show the document as a literal block.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

from . import bundle
from .directive import RscopeDirective, rscope_view

__version__ = "0.1.0"


def visit_html(translator: Any, node: rscope_view) -> None:
    """The element, its document as text content (escaped, so it reaches the element as written)."""
    attrs = dict(node["attrs"])
    page = translator.builder.config.rscope_page
    if page and "page" not in attrs:
        attrs["page"] = page
    attrs = "".join(f" {name}" if value == "" else f' {name}="{escape(value)}"' for name, value in attrs.items())
    ids = f' id="{node["ids"][0]}"' if node.get("ids") else ""
    translator.body.append(f"<rscope-view{ids}{attrs}>{escape(node['text'], quote=False)}</rscope-view>\n")
    raise nodes.SkipNode


def literal_fallback(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """For builders that cannot run the element: the document as a literal block."""
    if app.builder.format == "html":
        return
    for node in list(doctree.findall(rscope_view)):
        node.replace_self(node.children)


def record_use(app: Sphinx, doctree: nodes.document) -> None:
    """Remember that this document needs the bundle."""
    if doctree.next_node(rscope_view) is not None:
        names = getattr(app.env, "rscope_docnames", set())
        names.add(app.env.docname)
        app.env.rscope_docnames = names


def purge(app: Sphinx, env: Any, docname: str) -> None:
    """A removed or re-read document no longer counts."""
    getattr(env, "rscope_docnames", set()).discard(docname)


def merge(app: Sphinx, env: Any, docnames: set[str], other: Any) -> None:
    """Parallel reads: gather the documents that used the directive."""
    env.rscope_docnames = getattr(env, "rscope_docnames", set()) | getattr(other, "rscope_docnames", set())


def find_bundle(app: Sphinx) -> None:
    """HTML builds need the bundle: find it now, before reading, so that a missing one stops the build early."""
    if app.builder.format == "html":
        root = bundle.locate(app.confdir, app.config.rscope_bundle_dir)
        app.builder.rscope_bundle = bundle.check(root)


def add_module(app: Sphinx, pagename: str, templatename: str, context: dict, doctree: nodes.document | None) -> None:
    """Load the element's module on the pages that have an element, and only there."""
    if doctree is not None and doctree.next_node(rscope_view) is not None:
        app.add_js_file(f"{bundle.STATIC_SUBDIR}/{bundle.ELEMENT}", type="module")


def copy_bundle(app: Sphinx, exception: Exception | None) -> None:
    """After a successful HTML build that used the directive, put the bundle in ``_static/rscope/``."""
    if exception is None and app.builder.format == "html" and getattr(app.env, "rscope_docnames", None):
        bundle.copy_into(app.builder.rscope_bundle, Path(app.outdir) / "_static")


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive, its node, the fallback and the bundle's events."""
    app.add_config_value("rscope_bundle_dir", None, "html", types=[str, type(None)])
    app.add_config_value("rscope_page", None, "env", types=[str, type(None)])
    app.add_node(rscope_view, html=(visit_html, None))
    app.add_directive("rscope", RscopeDirective)
    app.connect("doctree-resolved", literal_fallback)
    app.connect("builder-inited", find_bundle)
    app.connect("doctree-read", record_use)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    app.connect("html-page-context", add_module)
    app.connect("build-finished", copy_bundle)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
