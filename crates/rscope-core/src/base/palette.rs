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

/// The categories of an overlay (node states, compare regions, jobs, a
/// fit), in turn: the seven Okabe–Ito colours and a brown, which stay
/// apart for people with protanopia or deuteranopia (a test simulates
/// both), and the job queue's swatches (`queue-colour-N` in the
/// stylesheet). The node states take them in this order: allocated, avail
/// offline, avail, drained, draining, torpid, drained offline, any other.
pub const CATEGORIES: [&str; CATEGORY_COUNT] = [
    "#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#6B4C00",
];

/// A free core or GPU, when the grid shows allocation.
pub const FREE: &str = "#009E73";
/// An allocated one.
pub const ALLOCATED: &str = "#0072B2";
/// A down one.
pub const DOWN: &str = "#D55E00";
/// A node a property or a membership marks.
pub const MARKED: &str = "#E69F00";
/// A node it does not mark (and the nodes no category holds): a grey dark
/// enough to stay apart from the categories' purple under deuteranopia.
pub const UNMARKED: &str = "#5f6a74";

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

    /// `#rrggbb` as linear RGB.
    fn linear(hex: &str) -> [f64; 3] {
        let channel = |i: usize| {
            let c = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        [channel(1), channel(3), channel(5)]
    }

    /// Linear RGB as CIE L*a*b* (D65).
    fn lab(l: [f64; 3]) -> [f64; 3] {
        let l = l.map(|c| c.clamp(0.0, 1.0));
        let x = (0.4124 * l[0] + 0.3576 * l[1] + 0.1805 * l[2]) / 0.95047;
        let y = 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
        let z = (0.0193 * l[0] + 0.1192 * l[1] + 0.9505 * l[2]) / 1.08883;
        let f = |t: f64| {
            if t > 0.008856 {
                t.cbrt()
            } else {
                7.787 * t + 16.0 / 116.0
            }
        };
        let (fx, fy, fz) = (f(x), f(y), f(z));
        [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
    }

    /// Machado, Oliveira and Fernandes (2009), severity 1, in linear RGB.
    const PROTANOPIA: [[f64; 3]; 3] = [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ];
    const DEUTERANOPIA: [[f64; 3]; 3] = [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ];

    /// The smallest CIE76 difference between two of `colours` as a
    /// person with the deficiency `m` sees them.
    fn closest(colours: &[&str], m: &[[f64; 3]; 3]) -> (f64, String) {
        let seen: Vec<[f64; 3]> = (colours.iter())
            .map(|c| {
                let l = linear(c);
                lab([0, 1, 2].map(|i| (0..3).map(|j| m[i][j] * l[j]).sum()))
            })
            .collect();
        let mut worst = (f64::MAX, String::new());
        for i in 0..seen.len() {
            for j in i + 1..seen.len() {
                let d = (0..3)
                    .map(|k| (seen[i][k] - seen[j][k]).powi(2))
                    .sum::<f64>();
                if d.sqrt() < worst.0 {
                    worst = (d.sqrt(), format!("{} and {}", colours[i], colours[j]));
                }
            }
        }
        worst
    }

    #[test]
    fn state_and_category_colours_stay_apart_for_colour_blind_eyes() {
        let mut categories = CATEGORIES.to_vec();
        categories.push(UNMARKED);
        let allocation = [FREE, ALLOCATED, DOWN, UNMARKED];
        let mut types = TYPES.to_vec();
        types.push(UNMARKED);
        for set in [&categories[..], &allocation, &types] {
            for (name, m) in [("protanopia", &PROTANOPIA), ("deuteranopia", &DEUTERANOPIA)] {
                let (d, pair) = closest(set, m);
                assert!(d >= 15.0, "{pair} are {d:.1} apart under {name}");
            }
        }
        // The palette this replaced: green and orange 4.6 apart under
        // protanopia, which the check must catch.
        let (d, _) = closest(&["#2ca02c", "#d62728", "#ff7f0e", "#8c564b"], &PROTANOPIA);
        assert!(d < 15.0);
    }

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
