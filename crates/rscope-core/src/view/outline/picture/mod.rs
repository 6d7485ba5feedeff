//! The containment tree as nested boxes, the way hwloc's `lstopo` draws a
//! machine: each vertex a box holding its children's boxes, laid out in
//! rows. A pure function of the outline and a [`Framing`] (which subtree is
//! in focus, which runs of identical siblings are unfolded); the page only
//! paints the rectangles it returns and hit-tests them.
//!
//! Two things keep a picture small whatever the graph:
//!
//! - **Folding.** A run of [`FOLD_MIN`] or more consecutive siblings of
//!   the same class (same type, size, unit, status, properties and
//!   subtree: [`super::Looks::class`]) is one box marked `×64`, drawn as
//!   its first member, until the person unfolds it.
//! - **A budget.** Levels are added below the focus one at a time while
//!   the boxes stay within [`MAX_BOXES`]; the deepest boxes drawn are
//!   closed, showing their counts by type (RFC 4 *Aggregate*), and open
//!   when the person zooms into them.
//!
//! Every walk is over levels or arrays (no recursion), and coordinates are
//! whole pixels, so the tests state exact rectangles.

use super::Outline;
use crate::words::count;
use std::collections::{BTreeSet, HashSet};

/// The fewest identical siblings in a row that fold into one box: two or
/// three sockets read better side by side than as `×2`.
pub const FOLD_MIN: usize = 4;
/// The most boxes one picture draws.
pub const MAX_BOXES: usize = 1500;
/// Space between a box's border and its contents.
pub const PAD: f64 = 4.0;
/// Space between sibling boxes.
pub const GAP: f64 = 4.0;
/// Height of a line of text.
pub const LINE: f64 = 14.0;
/// Width of a character: labels are drawn in an 11 px monospace font,
/// whose advance is under 7 px, so the core sizes boxes without measuring.
pub const CHAR: f64 = 7.0;
/// The narrowest box.
pub const MIN_WIDTH: f64 = 40.0;
/// Longer labels are cut with an ellipsis.
pub const MAX_CHARS: usize = 28;
/// Children are laid in rows about this many times as wide as tall.
const ASPECT: f64 = 2.0;

/// What part of the graph is drawn and how.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Framing {
    /// The vertex whose subtree is drawn; the whole forest when `None`.
    pub focus: Option<usize>,
    /// Runs of identical siblings shown one box each, named by their
    /// first vertex.
    pub unfolded: BTreeSet<usize>,
}

/// Whether a box shows its children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChildrenShown {
    /// The vertex has no children.
    Leaf,
    /// Its children are drawn inside.
    Open,
    /// Its children are not drawn (over the budget): it shows their counts.
    Closed,
}

/// One drawn box.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedBox {
    /// The vertex drawn (the first member of a folded run).
    pub vertex: usize,
    /// The last member of a folded run (`vertex` when not folded).
    pub last: usize,
    /// How many identical siblings the box stands for.
    pub count: usize,
    /// The first vertex of the run of identical siblings the box belongs
    /// to, folded or not, when the run is long enough to fold.
    pub run: Option<usize>,
    /// The index of the enclosing box.
    pub parent: Option<usize>,
    /// Whether its children are drawn.
    pub shown: ChildrenShown,
    /// The first line: the name, or `core ×64` for a folded run.
    pub title: String,
    /// The second line (may be empty): size and unit, or the counts of a
    /// closed box.
    pub detail: String,
    /// Left edge, pixels from the picture's left.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

/// A laid-out picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// Boxes, each after its enclosing box (paint in order, hit-test in
    /// reverse).
    pub boxes: Vec<PlacedBox>,
    /// Width of the whole picture.
    pub width: f64,
    /// Height of the whole picture.
    pub height: f64,
    /// Children of the focus left out because even one level of them is
    /// over [`MAX_BOXES`].
    pub not_drawn: usize,
}

/// A box being chosen, before it is placed.
struct Item {
    vertex: usize,
    last: usize,
    count: usize,
    run: Option<usize>,
    parent: Option<usize>,
    children: Vec<usize>,
    open: bool,
}

/// The children of `v` as boxes: runs of identical siblings folded
/// unless `view` unfolds them.
fn runs(outline: &Outline, v: usize, view: &Framing) -> Vec<(usize, usize, usize, Option<usize>)> {
    let kids = outline.tree.children(v);
    let looks = &outline.looks;
    let mut out = Vec::new();
    let mut i = 0;
    while i < kids.len() {
        let first = kids[i] as usize;
        let class = looks.class(first);
        let mut j = i + 1;
        while j < kids.len() && looks.class(kids[j] as usize) == class {
            j += 1;
        }
        if j - i >= FOLD_MIN && !view.unfolded.contains(&first) {
            out.push((first, kids[j - 1] as usize, j - i, Some(first)));
        } else {
            let run = (j - i >= FOLD_MIN).then_some(first);
            out.extend(kids[i..j].iter().map(|&k| (k as usize, k as usize, 1, run)));
        }
        i = j;
    }
    out
}

/// Choose the boxes: the focus (or the roots), then whole levels below
/// while the count stays within the budget.
fn choose(outline: &Outline, view: &Framing) -> (Vec<Item>, usize) {
    let item = |(vertex, last, count, run): (usize, usize, usize, Option<usize>), parent| Item {
        vertex,
        last,
        count,
        run,
        parent,
        children: Vec::new(),
        open: false,
    };
    let top: Vec<usize> = match view.focus {
        Some(f) if outline.tree.contains(f) => vec![f],
        _ => outline.tree.roots().collect(),
    };
    let mut items: Vec<Item> = top.iter().map(|&v| item((v, v, 1, None), None)).collect();
    let mut level: Vec<usize> = (0..items.len()).collect();
    let mut not_drawn = 0;
    while !level.is_empty() {
        let next: Vec<(usize, Vec<_>)> = level
            .iter()
            .map(|&i| (i, runs(outline, items[i].vertex, view)))
            .collect();
        let mut total: usize = next.iter().map(|(_, r)| r.len()).sum();
        if total == 0 {
            break;
        }
        // Even one level too many is drawn in part, so that every picture
        // shows something to zoom into.
        let first_level = level.iter().all(|&i| items[i].parent.is_none());
        if items.len() + total > MAX_BOXES && !first_level {
            break;
        }
        let mut added = Vec::new();
        for (i, kids) in next {
            items[i].open = true;
            for k in kids {
                if items.len() >= MAX_BOXES {
                    break; // one level too wide: the rest is counted below
                }
                let at = items.len();
                items.push(item(k, Some(i)));
                items[i].children.push(at);
                added.push(at);
                total -= 1;
            }
        }
        not_drawn = total;
        level = added;
        if not_drawn > 0 {
            break;
        }
    }
    (items, not_drawn)
}

/// `s` cut to [`MAX_CHARS`] characters, the last an ellipsis when cut.
fn cut(s: &str) -> String {
    if s.chars().count() <= MAX_CHARS {
        return s.to_string();
    }
    let mut out: String = s.chars().take(MAX_CHARS - 1).collect();
    out.push('…');
    out
}

/// The two lines of text of an item.
fn texts(outline: &Outline, it: &Item) -> (String, String) {
    let v = it.vertex;
    let title = if it.count > 1 {
        format!("{} ×{}", outline.labels.kind(v), it.count)
    } else {
        outline.labels.name(v).to_string()
    };
    let looks = &outline.looks;
    let detail = if !it.open && !outline.tree.children(v).is_empty() {
        let counts: Vec<String> = outline
            .aggregate
            .counts(&outline.tree, v)
            .into_iter()
            .map(|(t, n)| count(n, t))
            .collect();
        counts.join(", ")
    } else if !looks.unit(v).is_empty() {
        format!("{} {}", looks.size(v), looks.unit(v))
    } else {
        String::new()
    };
    (cut(&title), cut(&detail))
}

/// Lay boxes of sizes `kids` in rows about [`ASPECT`] times as wide as
/// tall: their offsets, and the width and height of the rows.
pub fn flow(kids: &[(f64, f64)]) -> (Vec<(f64, f64)>, f64, f64) {
    let widest = kids.iter().map(|k| k.0).fold(0.0, f64::max);
    let area: f64 = kids.iter().map(|k| k.0 * k.1).sum();
    let target = widest.max((area * ASPECT).sqrt().ceil());
    let mut at = Vec::with_capacity(kids.len());
    let (mut x, mut y, mut row_h, mut width) = (0.0, 0.0, 0.0f64, 0.0f64);
    for &(w, h) in kids {
        if x > 0.0 && x + w > target {
            y += row_h + GAP;
            x = 0.0;
            row_h = 0.0;
        }
        at.push((x, y));
        width = width.max(x + w);
        row_h = row_h.max(h);
        x += w + GAP;
    }
    (at, width, if kids.is_empty() { 0.0 } else { y + row_h })
}

/// Lay out the picture of `outline` as `view` asks.
pub fn layout(outline: &Outline, view: &Framing) -> Picture {
    let (items, not_drawn) = choose(outline, view);
    let texts: Vec<(String, String)> = items.iter().map(|it| texts(outline, it)).collect();
    let mut size = vec![(0.0, 0.0); items.len()];
    let mut offset = vec![(0.0, 0.0); items.len()];
    // Children come after their parent, so sizes are known bottom-up in
    // reverse order.
    for i in (0..items.len()).rev() {
        let (title, detail) = &texts[i];
        let chars = title.chars().count().max(detail.chars().count()) as f64;
        let text_w = (chars * CHAR + 2.0 * PAD).max(MIN_WIDTH);
        let head = PAD + LINE * if detail.is_empty() { 1.0 } else { 2.0 };
        let kids: Vec<(f64, f64)> = items[i].children.iter().map(|&k| size[k]).collect();
        if kids.is_empty() {
            size[i] = (text_w, head + PAD);
            continue;
        }
        let (at, w, h) = flow(&kids);
        for (&k, (x, y)) in items[i].children.iter().zip(at) {
            offset[k] = (PAD + x, head + GAP + y);
        }
        size[i] = (text_w.max(w + 2.0 * PAD), head + GAP + h + PAD);
    }
    let tops: Vec<usize> = (0..items.len())
        .filter(|&i| items[i].parent.is_none())
        .collect();
    let (at, width, height) = flow(&tops.iter().map(|&i| size[i]).collect::<Vec<_>>());
    for (&i, xy) in tops.iter().zip(at) {
        offset[i] = xy;
    }
    let mut boxes: Vec<PlacedBox> = Vec::with_capacity(items.len());
    for (i, (it, (title, detail))) in items.iter().zip(texts).enumerate() {
        let (px, py) = it.parent.map_or((0.0, 0.0), |p| (boxes[p].x, boxes[p].y));
        let shown = match (it.open, outline.tree.children(it.vertex).is_empty()) {
            (_, true) => ChildrenShown::Leaf,
            (true, false) => ChildrenShown::Open,
            (false, false) => ChildrenShown::Closed,
        };
        boxes.push(PlacedBox {
            vertex: it.vertex,
            last: it.last,
            count: it.count,
            run: it.run,
            parent: it.parent,
            shown,
            title,
            detail,
            x: px + offset[i].0,
            y: py + offset[i].1,
            w: size[i].0,
            h: size[i].1,
        });
    }
    Picture {
        boxes,
        width,
        height,
        not_drawn,
    }
}

/// How a box stands to the vertices a find matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FindMark {
    /// No match in it.
    None,
    /// Its vertex (or a member of its folded run) matched.
    Hit,
    /// A vertex inside it matched.
    Within,
}

/// The action a key asks for on the focused box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Not a key of the picture: let the browser have it.
    Ignore,
    /// A key of the picture with nothing to do here.
    Stay,
    /// Move the keyboard focus to this box.
    Focus(usize),
    /// Draw this vertex's subtree.
    Zoom(usize),
    /// Draw the subtree of the focus's parent.
    ZoomOut,
    /// Fold or unfold the run that starts at this vertex.
    Toggle(usize),
}

impl Picture {
    /// The innermost box at (`x`, `y`).
    pub fn at(&self, x: f64, y: f64) -> Option<usize> {
        self.boxes
            .iter()
            .rposition(|b| x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + b.h)
    }

    /// The box of vertex `v`, or of the folded run or closed box holding it.
    pub fn box_of(&self, outline: &Outline, v: usize) -> Option<usize> {
        let pos = outline.tree.subtree(v).start;
        self.boxes.iter().rposition(|b| {
            let r = members_range(outline, b);
            b.vertex == v || (!r.is_empty() && r.contains(&pos) && b.shown != ChildrenShown::Open)
        })
    }

    /// How each box stands to `hits` (vertex indices).
    pub fn marks(&self, outline: &Outline, hits: &[usize]) -> Vec<FindMark> {
        let set: HashSet<usize> = hits.iter().copied().collect();
        let mut pos: Vec<usize> = hits
            .iter()
            .filter(|&&v| outline.tree.contains(v))
            .map(|&v| outline.tree.subtree(v).start)
            .collect();
        pos.sort_unstable();
        self.boxes
            .iter()
            .map(|b| {
                let members = members(outline, b);
                let own = members.iter().filter(|m| set.contains(m)).count();
                let r = members_range(outline, b);
                let lo = pos.partition_point(|&p| p < r.start);
                let hi = pos.partition_point(|&p| p < r.end);
                // A match of the box's own vertex wins over matches inside.
                match (own, hi - lo) {
                    (0, 0) => FindMark::None,
                    (0, _) => FindMark::Within,
                    _ => FindMark::Hit,
                }
            })
            .collect()
    }

    /// The edges of other subsystems between drawn boxes, as lines from
    /// box to box with their subsystem, each pair of boxes once per
    /// subsystem (a folded run stands for all its members' edges).
    pub fn overlay(&self, outline: &Outline) -> Vec<(usize, usize, String)> {
        let mut out: Vec<(usize, usize, String)> = Vec::new();
        let mut seen = HashSet::new();
        for (a, b, sub) in outline.looks.overlay() {
            let (Some(x), Some(y)) = (self.box_of(outline, a), self.box_of(outline, b)) else {
                continue;
            };
            if x != y && seen.insert((x, y, sub)) {
                out.push((x, y, sub.to_string()));
            }
        }
        out
    }

    /// The colour slot of each of `lines` ([`Picture::overlay`]'s): its
    /// subsystem's place among the subsystems those lines name, in name
    /// order, so one subsystem keeps one colour however the lines are
    /// ordered. The page takes the slot's colour modulo its palette.
    pub fn overlay_slots(lines: &[(usize, usize, String)]) -> Vec<usize> {
        let mut names: Vec<&str> = lines.iter().map(|(_, _, s)| s.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        lines
            .iter()
            .map(|(_, _, sub)| names.iter().position(|n| n == sub).unwrap_or(0))
            .collect()
    }

    /// Whether each box shows a node where R_lite and the graph disagree
    /// (any member, for a folded run).
    pub fn disagreeing(&self, outline: &Outline) -> Vec<bool> {
        self.boxes
            .iter()
            .map(|b| {
                members(outline, b)
                    .into_iter()
                    .any(|v| !outline.disagreements(v).is_empty())
            })
            .collect()
    }

    /// What `key` (a `KeyboardEvent.key`) does with box `at` focused.
    /// Arrows move among siblings (left, right), to the first child
    /// (down) and to the parent (up); Enter zooms in, Backspace and
    /// Escape zoom out, Space folds or unfolds a run.
    pub fn press(&self, outline: &Outline, at: usize, key: &str) -> Move {
        let Some(b) = self.boxes.get(at) else {
            return Move::Ignore;
        };
        let siblings: Vec<usize> = (0..self.boxes.len())
            .filter(|&i| self.boxes[i].parent == b.parent)
            .collect();
        let me = siblings.iter().position(|&i| i == at).unwrap_or(0);
        let to = match key {
            "ArrowRight" => siblings.get(me + 1).copied(),
            "ArrowLeft" => me.checked_sub(1).and_then(|i| siblings.get(i).copied()),
            "Home" => siblings.first().copied(),
            "End" => siblings.last().copied(),
            "ArrowDown" => self.boxes.iter().position(|c| c.parent == Some(at)),
            "ArrowUp" => b.parent,
            "Enter" if !outline.tree.children(b.vertex).is_empty() => return Move::Zoom(b.vertex),
            " " => return b.run.map_or(Move::Stay, Move::Toggle),
            "Backspace" | "Escape" => return Move::ZoomOut,
            "Enter" => return Move::Stay,
            _ => return Move::Ignore,
        };
        to.map_or(Move::Stay, Move::Focus)
    }

    /// Each box as an SVG `rect` with its text, filled with `fills[i]`
    /// (CSS colours from the page's palette) and outlined where `marks`
    /// say, then each line of `lines` (from box, to box, CSS colour)
    /// between box centres; every document string is escaped.
    pub fn svg(
        &self,
        fills: &[String],
        marks: &[FindMark],
        ink: &str,
        lines: &[(usize, usize, String)],
    ) -> String {
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" \
             font-family=\"monospace\" font-size=\"11\">\n",
            self.width, self.height
        );
        for (i, b) in self.boxes.iter().enumerate() {
            let fill = fills.get(i).map_or("none", String::as_str);
            let stroke = match marks.get(i) {
                Some(FindMark::Hit) => " stroke-width=\"3\"",
                Some(FindMark::Within) => " stroke-dasharray=\"4 2\"",
                _ => "",
            };
            out.push_str(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"{}\"{stroke}/>\n",
                b.x,
                b.y,
                b.w,
                b.h,
                crate::xml::escape(fill),
                crate::xml::escape(ink)
            ));
            for (k, line) in [&b.title, &b.detail].into_iter().enumerate() {
                if !line.is_empty() {
                    out.push_str(&format!(
                        "<text x=\"{}\" y=\"{}\" fill=\"{}\">{}</text>\n",
                        b.x + PAD,
                        b.y + PAD + LINE * (k as f64 + 1.0) - 3.0,
                        crate::xml::escape(ink),
                        crate::xml::escape(line)
                    ));
                }
            }
        }
        for (a, b, colour) in lines {
            let (Some(x), Some(y)) = (self.boxes.get(*a), self.boxes.get(*b)) else {
                continue;
            };
            out.push_str(&format!(
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\"/>\n",
                x.x + x.w / 2.0,
                x.y + x.h / 2.0,
                y.x + y.w / 2.0,
                y.y + y.h / 2.0,
                crate::xml::escape(colour)
            ));
        }
        out.push_str("</svg>\n");
        out
    }
}

/// Where a scroller showing `view` (left, top, width, height) scrolls to
/// bring box `b`, with the focus ring drawn [`RING`] pixels around it,
/// into view: not at all when it is in view, else the least along each
/// axis, and to the box's left or top edge when it is larger than the
/// view (its title is there).
pub fn scroll_to_show(view: (f64, f64, f64, f64), b: &PlacedBox) -> (f64, f64) {
    let axis = |at: f64, size: f64, lo: f64, len: f64| {
        let (lo_b, hi_b) = (lo - RING, lo + len + RING);
        if hi_b - lo_b > size || lo_b < at {
            lo_b.max(0.0)
        } else if hi_b > at + size {
            hi_b - size
        } else {
            at
        }
    };
    let (x, y, w, h) = view;
    (axis(x, w, b.x, b.w), axis(y, h, b.y, b.h))
}

/// How far the focused box's ring reaches outside it.
pub const RING: f64 = 2.0;

/// The vertices a box stands for: its vertex, or every member of its
/// folded run (consecutive children of one parent).
pub fn members(outline: &Outline, b: &PlacedBox) -> Vec<usize> {
    if b.count <= 1 {
        return vec![b.vertex];
    }
    let Some(p) = outline.tree.parent(b.vertex) else {
        return vec![b.vertex];
    };
    let kids = outline.tree.children(p);
    let first = kids.iter().position(|&k| k as usize == b.vertex);
    let last = kids.iter().position(|&k| k as usize == b.last);
    match (first, last) {
        (Some(f), Some(l)) if f <= l => kids[f..=l].iter().map(|&k| k as usize).collect(),
        _ => vec![b.vertex],
    }
}

/// The preorder range of every subtree a box stands for (consecutive
/// siblings have consecutive subtrees).
fn members_range(outline: &Outline, b: &PlacedBox) -> std::ops::Range<usize> {
    let (a, z) = (outline.tree.subtree(b.vertex), outline.tree.subtree(b.last));
    a.start..z.end.max(a.start)
}

impl Framing {
    /// Draw the subtree of the focus's parent (the whole forest above a
    /// root).
    pub fn zoom_out(&mut self, outline: &Outline) {
        self.focus = self.focus.and_then(|f| outline.tree.parent(f));
    }

    /// Fold the run starting at `first` if it is unfolded, else unfold it.
    pub fn toggle(&mut self, first: usize) {
        if !self.unfolded.remove(&first) {
            self.unfolded.insert(first);
        }
    }
}

/// What the boxes are coloured by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PictureColorBy {
    /// The vertex type.
    Type,
    /// A property: its value, or that the vertex lacks it.
    Property(String),
    /// `metadata.status`: up (0) or down.
    State,
}

impl Picture {
    /// The colour keys of the boxes, in order of first appearance: the
    /// legend, whose position picks each key's colour.
    pub fn legend(&self, outline: &Outline, by: &PictureColorBy) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for b in &self.boxes {
            let k = outline.colour_key(b.vertex, by);
            if !out.contains(&k) {
                out.push(k);
            }
        }
        out
    }
}

/// The types that always take the same colour slot, whatever else a
/// graph holds, in their usual nesting order so that a box and the boxes
/// inside it differ.
const TYPE_SLOTS: [&str; 7] = ["cluster", "rack", "node", "socket", "core", "gpu", "memory"];

/// The subsystems of `outline`'s overlay edges (those besides
/// containment), each named once, in name order: the picture's subsystem
/// menu.
pub fn subsystem_names(outline: &Outline) -> Vec<String> {
    let mut names: Vec<String> = outline
        .looks()
        .overlay()
        .map(|(_, _, s)| s.to_string())
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The colour slot (of a palette of `slots` colours) of legend key `key`,
/// the `place`-th of the legend: a type takes the same slot in every
/// document (a fixed one for the usual types, else one picked by its
/// name), so a core looks the same from one graph to the next; a property
/// value or a state takes its place in the legend.
pub fn colour_slot(key: &str, place: usize, by: &PictureColorBy, slots: usize) -> usize {
    let slots = slots.max(1);
    if *by != PictureColorBy::Type {
        return place % slots;
    }
    match TYPE_SLOTS.iter().position(|t| *t == key) {
        Some(i) => i % slots,
        // FNV-1a: the same name, the same slot, in every build.
        None => {
            let hash = key.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            });
            (hash % slots as u64) as usize
        }
    }
}

impl Outline {
    /// The key `v` is coloured by: its type, `p=value` (`p` for an empty
    /// value) or `no p`, or `up` or `down`.
    pub fn colour_key(&self, v: usize, by: &PictureColorBy) -> String {
        match by {
            PictureColorBy::Type => self.labels.kind(v).to_string(),
            PictureColorBy::Property(p) => {
                let props = self.looks.properties(v);
                match props.binary_search_by(|(k, _)| k.as_str().cmp(p)) {
                    Ok(i) if props[i].1.is_empty() => p.clone(),
                    Ok(i) => format!("{p}={}", props[i].1),
                    Err(_) => format!("no {p}"),
                }
            }
            PictureColorBy::State if self.looks.status(v) == 0 => "up".to_string(),
            PictureColorBy::State => "down".to_string(),
        }
    }

    /// The vertices from the root down to `v`, each with its name: the
    /// breadcrumb of a picture focused on `v`.
    pub fn breadcrumb(&self, v: usize) -> Vec<(usize, String)> {
        self.tree
            .path_to_root(v)
            .into_iter()
            .map(|u| (u, self.labels.name(u).to_string()))
            .collect()
    }

    /// What hovering box `b` shows: name and type, path, rank, size,
    /// status, properties, and the counts by type of its subtree.
    pub fn describe(&self, b: &PlacedBox) -> Vec<String> {
        let v = b.vertex;
        let (labels, looks) = (&self.labels, &self.looks);
        let mut out = vec![format!("{} ({})", labels.name(v), labels.kind(v))];
        if b.count > 1 {
            out.push(format!(
                "{} identical: {} to {}",
                b.count,
                labels.name(v),
                labels.name(b.last)
            ));
        }
        out.push(self.names_path(v));
        if let Some(&r) = labels.rank.get(v).filter(|&&r| r >= 0) {
            out.push(format!("rank {r}"));
        }
        if looks.size(v) != 1 || !looks.unit(v).is_empty() {
            out.push(
                format!("size {} {}", looks.size(v), looks.unit(v))
                    .trim_end()
                    .to_string(),
            );
        }
        if looks.status(v) != 0 {
            out.push(format!("status {} (down)", looks.status(v)));
        }
        let props: Vec<String> = looks
            .properties(v)
            .iter()
            .map(|(k, x)| {
                if x.is_empty() {
                    k.clone()
                } else {
                    format!("{k}={x}")
                }
            })
            .collect();
        if !props.is_empty() {
            out.push(format!("properties {}", props.join(", ")));
        }
        for d in self.disagreements(v) {
            out.push(format!("R_lite disagrees: {d}"));
        }
        let holds = self.holds(v);
        if !holds.is_empty() {
            let each = if b.count > 1 { " each" } else { "" };
            out.push(format!("holds {holds}{each}"));
        }
        out
    }

    /// `2 sockets, 44 cores`: the counts by type under `v` (RFC 4
    /// *Aggregate*).
    pub fn holds(&self, v: usize) -> String {
        self.aggregate
            .counts(&self.tree, v)
            .into_iter()
            .map(|(t, n)| count(n, t))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[cfg(test)]
mod tests;
