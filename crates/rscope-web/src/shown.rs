//! An analysis as the page holds it ([`Shown`]), made from the worker's
//! answer in two stages: the grid first ([`rscope_core::analysis::FirstStage`]), so the
//! page paints it while the worker still summarizes the document, then
//! everything else. Both stages are laid out in slices short enough for
//! the page to keep painting and answering input.

use crate::analysis_worker::part_bytes;
use crate::task::{next_task, Pacer};
use rscope_core::analysis::{Drawn, FirstStage, Summaries};
use rscope_core::grid::{Grid, GridBuild};
#[cfg(feature = "page")]
use rscope_core::outline::Assembly;
use rscope_core::outline::Outline;
use rscope_core::report::{Finding, Report};
use rscope_core::tabs::Text;
use rscope_core::textview::Squiggles;
use std::rc::Rc;
use wasm_bindgen::JsValue;

/// An analysis as the page shares it: what the worker said to draw
/// ([`Drawn`]), each part behind its own pointer, so components compare
/// props by pointer and a re-render (a hover, a keystroke) copies nothing.
pub struct Shown {
    /// The text it was computed from.
    pub text: Text,
    /// Only the grid has arrived: the summaries and findings are still
    /// being computed (they are empty until then).
    pub partial: bool,
    /// The `R_lite` entries, for linking text and cells to entries.
    pub report: Report,
    /// The summaries, or why there are none.
    pub summaries: Rc<Result<Summaries, String>>,
    /// Whether `summaries` are the document's: always once the analysis
    /// is whole, and while it is partial when the first stage brought them
    /// (a large R with a graph is summarized from its R first).
    pub summarized: bool,
    /// The findings.
    pub findings: Rc<Vec<Finding>>,
    /// Their squiggles.
    pub squiggles: Rc<Squiggles>,
    /// The main set's properties.
    pub properties: Rc<Vec<String>>,
    /// The grid.
    pub grid: Option<Rc<Grid>>,
    /// The tree, opened and closed in place by the tree view.
    pub outline: Option<Rc<Outline>>,
    /// The keys and values of JSON that is no Flux document.
    pub json_tree: Option<Rc<rscope_core::analysis::JsonNode>>,
}

/// How long one task may unpack an answer before it lets the page paint.
const UNPACK_SLICE_MS: f64 = 20.0;
/// Grid rows unpacked between two looks at the clock.
const UNPACK_CHUNK: usize = 2000;

/// The first stage of an answer, laid out: the grid and the properties.
pub struct FirstShown {
    grid: Option<Rc<Grid>>,
    properties: Rc<Vec<String>>,
    summaries: Option<Rc<Result<Summaries, String>>>,
}

impl FirstShown {
    /// Lay out the first part of an answer, in slices of
    /// [`UNPACK_SLICE_MS`] (a million rows take seconds of one thread
    /// otherwise). `None` once `current` says the answer was superseded.
    pub async fn unpack(parts: &[JsValue], current: impl Fn() -> bool) -> Option<FirstShown> {
        let mut early = Drawn::read_first_stage(&part_bytes(parts.first())).unwrap_or(FirstStage {
            grid: None,
            properties: Vec::new(),
            summaries: None,
        });
        // The grid's groups come in chunks, read in slices of tasks.
        let mut pacer = Pacer::with_share(UNPACK_SLICE_MS);
        for part in parts.iter().skip(1) {
            if pacer.pause().await && !current() {
                return None;
            }
            let Some(grid) = early.grid.as_mut() else {
                break;
            };
            if grid.add_chunk(&part_bytes(Some(part))).is_err() {
                early.grid = None;
            }
        }
        crate::task::mark("rscope:unpacked-grid");
        // Reading the answer, building its rows and drawing them are
        // separate tasks: together they last longer than a frame.
        next_task().await;
        if !current() {
            return None;
        }
        let mut pacer = Pacer::with_share(UNPACK_SLICE_MS);
        let mut grid = early.grid.map(GridBuild::new);
        while let Some(g) = grid.as_mut() {
            if g.step(UNPACK_CHUNK) {
                break;
            }
            if pacer.pause().await && !current() {
                return None;
            }
        }
        crate::task::mark("rscope:built-grid");
        next_task().await;
        Some(FirstShown {
            grid: grid.map(|g| Rc::new(g.finish())),
            properties: Rc::new(early.properties),
            summaries: early.summaries.map(|s| Rc::new(Ok(s))),
        })
    }

    /// What to show of `text` while the rest of its analysis is computed.
    pub fn partial(&self, text: Text) -> Shown {
        Shown {
            text,
            partial: true,
            report: Drawn::no_links(),
            summaries: self
                .summaries
                .clone()
                .unwrap_or_else(|| Rc::new(Ok(Summaries::default()))),
            summarized: self.summaries.is_some(),
            findings: Rc::default(),
            squiggles: Rc::default(),
            properties: self.properties.clone(),
            grid: self.grid.clone(),
            outline: None,
            json_tree: None,
        }
    }

    /// The whole of what to show of `text`, from the later parts of its
    /// answer, each read in its own task, and its outline when it was
    /// made on this thread (`handed`). `None` once `current` says the
    /// answer was superseded.
    pub async fn complete(
        &self,
        text: Text,
        parts: &[JsValue],
        handed: Option<Outline>,
        current: impl Fn() -> bool,
    ) -> Option<Shown> {
        let part = |i: usize| part_bytes(parts.get(i));
        let mut d = Drawn::from_rest(&part(0));
        crate::task::mark("rscope:unpacked-rest");
        next_task().await;
        if let Ok(d) = d.as_mut() {
            let entries = d.read_entries(&part(1));
            d.outline = handed;
            #[cfg(feature = "page")]
            let outline = read_pieces(d, &parts[2.min(parts.len())..], &current).await?;
            // The element's bundle answers on its own thread: no pieces.
            #[cfg(not(feature = "page"))]
            let outline = Ok::<(), String>(());
            crate::task::mark("rscope:unpacked-outline");
            if let Err(e) = entries.and(outline) {
                d.summaries = Err(e);
            }
        }
        if !current() {
            return None;
        }
        let mut d = d.unwrap_or_else(Drawn::refused);
        // The entries arrive whole: their id sets cross as ranges.
        let entries = std::mem::take(&mut d.entries);
        // The tree view opens and closes the outline in place.
        let outline = d.outline.take();
        Some(Shown {
            partial: false,
            report: d.links_with(entries),
            squiggles: Rc::new(d.squiggles()),
            grid: self.grid.clone(),
            outline: outline.map(Rc::new),
            json_tree: d.json_tree.take().map(Rc::new),
            summaries: Rc::new(d.summaries),
            summarized: true,
            findings: Rc::new(d.findings),
            properties: self.properties.clone(),
            text,
        })
    }
}

/// Read the outline's pieces into `d`, one to a task; `None` once
/// `current` says the answer was superseded.
#[cfg(feature = "page")]
async fn read_pieces(
    d: &mut Drawn,
    pieces: &[JsValue],
    current: &impl Fn() -> bool,
) -> Option<Result<(), String>> {
    let mut assembly = Assembly::default();
    for piece in pieces {
        next_task().await;
        if !current() {
            return None;
        }
        match assembly.add(&part_bytes(Some(piece))) {
            Ok(whole) => d.outline = whole,
            Err(e) => return Some(Err(rscope_core::analysis::unreadable(e))),
        }
    }
    Some(Ok(()))
}
