//! What the page's layers share: the small view types that hooks hold
//! and components draw (a place in the text, a grid cell, an example), and
//! the names of an element's regions. Types only, below every other web
//! module, so that hooks never reach up into components.

use rscope_core::grid::CellInfo;
use rscope_core::rset::Entry;
use serde::Deserialize;
use yew::prelude::*;

/// A position in the text the user points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point {
    /// The byte offset.
    pub at: usize,
    /// Whether it is the caret (keyboard or click) rather than the pointer
    /// passing over; the page scrolls the grid only for the caret.
    pub caret: bool,
}

/// A request to bring a place of the text into view without taking focus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reveal {
    /// The 0-based line.
    pub line: usize,
    /// The 0-based column (characters from the line start).
    pub col: usize,
    /// Changes on every request, so the same place can be revealed twice.
    pub nonce: u32,
}

/// A request to select text, e.g. from a clicked diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextSelection {
    /// UTF-16 start offset.
    pub start: usize,
    /// UTF-16 end offset.
    pub end: usize,
    /// 1-based line, to scroll to.
    pub line: usize,
    /// Changes on every request, so the same span can be selected twice.
    pub nonce: u32,
    /// Whether the editor takes the focus (a finding located); a box
    /// chosen in the picture leaves the focus where the keys are.
    pub focus: bool,
}

/// An `R_lite` entry whose cells are highlighted (the editor points at it).
#[derive(Clone, Debug, PartialEq)]
pub struct Linked {
    /// The entry.
    pub entry: Entry,
    /// Scroll its first row into view (the caret moved, not the pointer).
    pub reveal: bool,
}

/// The cell under the pointer, for linking it to its entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellRef {
    /// The node's rank.
    pub rank: u32,
    /// The child type.
    pub kind: String,
    /// The resource id.
    pub id: u32,
    /// Whether it was clicked rather than hovered.
    pub clicked: bool,
}

impl CellRef {
    pub fn of(c: &CellInfo, clicked: bool) -> CellRef {
        CellRef {
            rank: c.rank,
            kind: c.kind.clone(),
            id: c.id,
            clicked,
        }
    }
}

/// One entry of `static/examples/index.json`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct ExampleEntry {
    /// The file name under `static/examples/`.
    pub file: String,
    /// The menu text.
    pub title: String,
    /// A few words on what it shows.
    pub about: String,
}

/// The name of the document an element draws, given to the components
/// as a context so that their regions are named apart when a page holds
/// several elements (`Summary: Flux resource set 2`).
#[derive(Clone, Debug, PartialEq)]
pub struct RegionOf(pub AttrValue);

/// A region's name `base`, or `base: NAME` for the element named NAME.
pub fn region_name(base: &'static str, of: Option<&RegionOf>) -> AttrValue {
    match of {
        Some(RegionOf(of)) => format!("{base}: {of}").into(),
        None => AttrValue::Static(base),
    }
}
