//! What crosses from the analysis worker to the page, in postcard's
//! binary form: the first stage ([`FirstStage`], the grid and the
//! properties, sent before the rest is computed; [`glance`] for a large R
//! with a graph) and the whole ([`Drawn`]), in parts.

use super::*;

/// The first parts of the analysis of an R document holding exactly
/// `set` (no `allocated` or `down` sets), made from the set itself: the set
/// worker sends them with a result it wrote, so the page paints the
/// result's grid without waiting for the text to be read again.
pub fn first_stage_of(set: &Rset) -> Vec<Vec<u8>> {
    let properties = set.properties().into_iter().map(|(n, _)| n).collect();
    first_stage_parts(Some(Grid::new(set, None, None)), properties)
}

/// [`FirstStage`] for `grid` and `properties`, then the grid's group chunks.
pub(super) fn first_stage_parts(grid: Option<Grid>, properties: Vec<String>) -> Vec<Vec<u8>> {
    first_stage_parts_with(grid, properties, None)
}

/// [`first_stage_parts`] with the sets' summaries when they are known already.
pub(super) fn first_stage_parts_with(
    grid: Option<Grid>,
    properties: Vec<String>,
    summaries: Option<Summaries>,
) -> Vec<Vec<u8>> {
    let (grid, chunks) = match grid.map(|g| g.into_wire().into_chunks(FIRST_STAGE_GROUPS)) {
        Some((w, c)) => (Some(w), c),
        None => (None, Vec::new()),
    };
    let early = FirstStage {
        grid,
        properties,
        summaries,
    };
    std::iter::once(bytes(&early)).chain(chunks).collect()
}

/// Past this many bytes, an R with a `scheduling` graph is glanced at
/// before it is analysed ([`glance`]).
pub const GLANCE_BYTES: usize = 16 << 20;

/// The first parts of the analysis of a large R with a `scheduling`
/// graph, made from its R alone: the grid, the properties and the
/// summary. Reading the graph is most of the work (13 s of 15 for an El
/// Capitan-sized R+JGF in the page), so the page shows the summary and
/// the grid long before the rest. `None` for a smaller text, one without
/// `scheduling`, a status document, or an R whose main set is refused
/// (the whole analysis says why).
pub fn glance(text: &str) -> Option<Vec<Vec<u8>>> {
    if text.len() < GLANCE_BYTES {
        return None;
    }
    let v = crate::json::parse(text).ok()?;
    let obj = v.as_object()?;
    crate::json::get(obj, "scheduling")?;
    crate::json::get(obj, "execution")?;
    let doc = crate::rset::check_document_value(text, &v, &mut crate::rset::NoGraphCheck);
    let set = doc.main_set().ok()?;
    // The set keeps no copy of the graph's text (most of the document):
    // its summary says it has one all the same.
    let mut summary = crate::report::summarize_set("R", set);
    summary.has_scheduling = true;
    let summaries = Summaries {
        sets: vec![summary],
        is_status: false,
        main: Some(0),
    };
    let properties = set.properties().into_iter().map(|(n, _)| n).collect();
    Some(first_stage_parts_with(
        Some(Grid::new(set, None, None)),
        properties,
        Some(summaries),
    ))
}

/// Row groups in one chunk of the grid's first stage.
pub const FIRST_STAGE_GROUPS: usize = 2000;

/// The first part of an answer: what the page paints first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FirstStage {
    /// The main set's grid.
    pub grid: Option<GridWire>,
    /// The main set's property names.
    pub properties: Vec<String>,
    /// The sets' summaries, when they came before the rest ([`glance`]).
    pub summaries: Option<Summaries>,
}

/// What the page draws of an [`Analysis`], as it crosses from the
/// analysis worker to the page: never the model (no sets, no graph), never
/// the text. The grid travels as compact rows ([`GridWire`]), the entries
/// as spans and id sets, for linking text and cells.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Drawn {
    /// The sets' summaries, or why the document holds none.
    pub summaries: Result<Summaries, String>,
    /// Every finding, in document order.
    pub findings: Vec<Finding>,
    /// The squiggles: byte start, byte end, tone (`error`, `warning`,
    /// `note`), and message.
    pub squiggles: Vec<(usize, usize, Severity, String)>,
    /// The main set's property names.
    pub properties: Vec<String>,
    /// The main set's grid.
    pub grid: Option<GridWire>,
    /// The main set's `R_lite` entries.
    pub entries: Vec<Entry>,
    /// The outline of the document's graph (its own, or one generated
    /// for a set small enough), as the tree view draws it. It crosses in
    /// pieces of its own ([`Outline::pieces`]).
    #[serde(skip)]
    pub outline: Option<Outline>,
    /// The keys and values of JSON that is no Flux document.
    pub json_tree: Option<JsonNode>,
}

impl Drawn {
    /// What the page draws of `a`.
    pub fn of(a: &Analysis) -> Drawn {
        Drawn::with(a, a.report.entries.clone(), a.outline.clone())
    }

    /// What the page draws of `a`, taken from it: its outline and entries
    /// are moved, not copied (a 223 000-vertex outline is megabytes).
    pub fn take(mut a: Analysis) -> Drawn {
        let (entries, outline) = (std::mem::take(&mut a.report.entries), a.outline.take());
        Drawn::with(&a, entries, outline)
    }

    /// What the page draws of `a`, with these entries and outline.
    fn with(a: &Analysis, entries: Vec<Entry>, outline: Option<Outline>) -> Drawn {
        let tone = |t: Tone| match t {
            Tone::Error => Severity::Error,
            Tone::Warning => Severity::Warning,
            Tone::Note | Tone::Linked => Severity::Note,
        };
        let s = &a.squiggles;
        Drawn {
            summaries: a.summaries.clone(),
            findings: a.findings.clone(),
            squiggles: s
                .marks
                .iter()
                .zip(&s.messages)
                .map(|(m, msg)| (m.span.start, m.span.end, tone(m.tone), msg.clone()))
                .collect(),
            properties: a.properties.clone(),
            grid: a.grid.as_ref().map(Grid::to_wire),
            entries,
            outline,
            json_tree: a.json_tree.clone(),
        }
    }

    /// The squiggles to draw.
    pub fn squiggles(&self) -> Squiggles {
        let tone = |s: Severity| match s {
            Severity::Error => Tone::Error,
            Severity::Warning => Tone::Warning,
            Severity::Note => Tone::Note,
        };
        Squiggles {
            marks: self
                .squiggles
                .iter()
                .map(|(a, b, s, _)| Mark {
                    span: *a..*b,
                    tone: tone(*s),
                })
                .collect(),
            messages: self.squiggles.iter().map(|q| q.3.clone()).collect(),
        }
    }

    /// A report holding only the entries, for linking text and cells
    /// ([`Report::entry_at`], [`Report::entry_of`]).
    pub fn links(&self) -> Report {
        self.links_with(self.entries.clone())
    }

    /// A report for linking, with `entries` taken out of the answer.
    pub fn links_with(&self, entries: Vec<Entry>) -> Report {
        Report {
            is_status: matches!(&self.summaries, Ok(s) if s.is_status),
            findings: Vec::new(),
            sets: Vec::new(),
            main_name: "R",
            rejection: self.summaries.as_ref().err().cloned(),
            entries,
            graph: None,
            partial: None,
            node_states: None,
        }
    }

    /// As messages in postcard's compact binary form, each read in its
    /// own turn of the page's event loop: what is painted first
    /// ([`FirstStage`]: the grid and the properties), the rest, the entries,
    /// then the outline's [`crate::outline::PIECES`] pieces when there is
    /// one (in the page's bundle: the element's never sends them). A worker sends the first as soon as it has it
    /// ([`Begun::take_first_stage`]) and the others once the analysis is done.
    /// Binary, not JSON: the page reads a 16 384-node answer in
    /// milliseconds instead of a quarter of a second, and id sets cross as
    /// ranges, never as text to parse again.
    pub fn to_parts(&self) -> Vec<Vec<u8>> {
        let early = FirstStage {
            grid: self.grid.clone(),
            properties: self.properties.clone(),
            summaries: None,
        };
        let mut parts = vec![bytes(&early)];
        parts.extend(self.last_parts());
        parts
    }

    /// All but the first of [`Drawn::to_parts`].
    pub fn last_parts(&self) -> Vec<Vec<u8>> {
        let rest = Drawn {
            summaries: self.summaries.clone(),
            findings: self.findings.clone(),
            squiggles: self.squiggles.clone(),
            properties: Vec::new(),
            grid: None,
            entries: Vec::new(),
            outline: None,
            json_tree: self.json_tree.clone(),
        };
        let parts = vec![bytes(&rest), bytes(&self.entries)];
        // The element's bundle answers on its own thread, where the
        // outline is handed over as it is (`web::worker::handed_outline`).
        #[cfg(feature = "page")]
        let parts = parts
            .into_iter()
            .chain(self.outline.iter().flat_map(Outline::pieces))
            .collect();
        parts
    }

    /// What is drawn of a document the page could not read: why, and
    /// nothing else.
    pub fn refused(why: String) -> Drawn {
        Drawn {
            summaries: Err(why),
            findings: Vec::new(),
            squiggles: Vec::new(),
            properties: Vec::new(),
            grid: None,
            entries: Vec::new(),
            outline: None,
            json_tree: None,
        }
    }

    /// A report that links nothing, while the entries are still coming.
    pub fn no_links() -> Report {
        Drawn {
            summaries: Ok(Summaries::default()),
            ..Drawn::refused(String::new())
        }
        .links_with(Vec::new())
    }

    /// Read the first of [`Drawn::to_parts`].
    pub fn read_first_stage(bytes: &[u8]) -> Result<FirstStage, String> {
        postcard::from_bytes(bytes).map_err(unreadable)
    }

    /// From the second of [`Drawn::to_parts`]; add the others with
    /// [`Drawn::add_first_stage`], [`Drawn::read_entries`] and
    /// [`Drawn::read_outline`].
    pub fn from_rest(bytes: &[u8]) -> Result<Drawn, String> {
        postcard::from_bytes(bytes).map_err(unreadable)
    }

    /// Add what [`Drawn::read_first_stage`] read.
    pub fn add_first_stage(&mut self, early: FirstStage) {
        self.grid = early.grid;
        self.properties = early.properties;
    }

    /// Read the entries part of [`Drawn::to_parts`].
    pub fn read_entries(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.entries = postcard::from_bytes(bytes).map_err(unreadable)?;
        Ok(())
    }

    /// Read the outline's pieces of [`Drawn::to_parts`] (none: no
    /// outline), all at once: the page reads them one to a task
    /// ([`crate::outline::Assembly`]).
    pub fn read_outline<'a>(
        &mut self,
        pieces: impl IntoIterator<Item = &'a [u8]>,
    ) -> Result<(), String> {
        let mut assembly = crate::outline::Assembly::default();
        self.outline = None;
        for piece in pieces {
            self.outline = assembly.add(piece).map_err(unreadable)?;
        }
        Ok(())
    }
}

/// Why an answer could not be read.
pub fn unreadable(e: postcard::Error) -> String {
    // postcard's messages start in capitals; ours never do.
    format!(
        "analysis answer unreadable: {}",
        e.to_string().to_ascii_lowercase()
    )
}

/// `v` in postcard's form (what the page's types hold always serializes).
pub(super) fn bytes<T: Serialize>(v: &T) -> Vec<u8> {
    postcard::to_allocvec(v).unwrap_or_default()
}
