//! Every colour the page and the exports paint with, in one place, so the
//! grid, its legend, its exports and the graph picture agree and a change
//! of colour is one edit. Pairs are `[light, dark]`: index them with
//! `usize::from(dark)`. Which colouring the user chose is
//! [`crate::color`]'s; this is what each choice paints.

/// Resource types on the grid, in turn: colour-blind-safe (Okabe–Ito),
/// readable on light and dark.
pub const TYPES: [&str; 6] = [
    "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00",
];

/// How many categories an overlay paints apart before reusing a colour.
pub const CATEGORY_COUNT: usize = 8;

/// The categories of an overlay (compare regions, jobs, a fit), in turn:
/// the same colours as the job queue's swatches (`queue-colour-N` in the
/// stylesheet), which stay apart on the light and the dark page.
pub const CATEGORIES: [&str; CATEGORY_COUNT] = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf",
];

/// A free core or GPU, when the grid shows allocation.
pub const FREE: &str = "#009E73";
/// An allocated one.
pub const ALLOCATED: &str = "#0072B2";
/// A down one.
pub const DOWN: &str = "#D55E00";
/// A node a property or a membership marks.
pub const MARKED: &str = "#E69F00";
/// A node it does not mark.
pub const UNMARKED: &str = "#8a939c";

/// Text and lines.
pub const TEXT: [&str; 2] = ["#1b1f24", "#e6edf3"];
/// The page behind them.
pub const PAGE: [&str; 2] = ["#ffffff", "#0f1419"];
/// The outline of linked grid cells: a purple that stands out from every
/// paint.
pub const LINK: [&str; 2] = ["#5a1e6e", "#f0c4ff"];

/// The graph picture's box fills by legend position, light theme: pale,
/// for dark ink.
pub const BOXES_LIGHT: [&str; 8] = [
    "#dbe9f6", "#fde2c4", "#d5efd9", "#f6d5d5", "#e6dcf2", "#f3ecc2", "#d4eeee", "#eddcd2",
];
/// The same in the dark theme: deep, for light ink.
pub const BOXES_DARK: [&str; 8] = [
    "#1f3b57", "#5a3a14", "#1f4a2a", "#5a2323", "#3a2d52", "#4d4514", "#174646", "#4a3428",
];
/// The picture's ink (borders, text).
pub const PICTURE_INK: [&str; 2] = ["#1b1b1b", "#eeeeee"];
/// A box a find matched.
pub const HIT: [&str; 2] = ["#b4005a", "#ff8cc6"];
/// Lines of the subsystems besides containment (power, network, …), in
/// turn, light and dark.
pub const SUBSYSTEMS: [[&str; 3]; 2] = [
    ["#c05600", "#2d6bb3", "#6a3d9a"],
    ["#ffb066", "#8cc4ff", "#d1b3ff"],
];
/// The outline of the box at the editor's caret.
pub const CARET: [&str; 2] = ["#0b6e4f", "#7ee2b8"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_colour_is_a_hex_colour() {
        let all = TYPES
            .iter()
            .chain(&CATEGORIES)
            .chain(&[FREE, ALLOCATED, DOWN, MARKED, UNMARKED])
            .chain(TEXT.iter().chain(&PAGE).chain(&LINK))
            .chain(BOXES_LIGHT.iter().chain(&BOXES_DARK))
            .chain(PICTURE_INK.iter().chain(&HIT).chain(&CARET))
            .chain(SUBSYSTEMS.iter().flatten());
        for c in all {
            assert!(c.len() == 7 && c.starts_with('#'), "{c}");
            assert!(c[1..].chars().all(|d| d.is_ascii_hexdigit()), "{c}");
        }
    }
}
