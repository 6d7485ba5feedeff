//! The grid's keyboard: arrows move a cell cursor (shift extends the
//! selection), Home and End go to the ends of the row, Enter or Space
//! selects the cursor's cell, Escape clears. Pure, so the page only
//! carries out what [`press`] decides.

use super::pick::Pick;

/// What a key press does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Press {
    /// Not a grid key (or an empty grid): let the browser have it.
    Ignore,
    /// Forget the selection, the cursor and the tooltip.
    Clear,
    /// Change the selection and stay (Enter or Space).
    Pick(Pick),
    /// Move the cursor to a cell, after these changes to the selection.
    Move {
        /// The cursor's new (display row, column).
        to: (usize, usize),
        /// Selection changes, in order.
        picks: Vec<Pick>,
    },
}

/// What `key` (a `KeyboardEvent.key`) does with `shift` held, the cursor
/// at `cursor` (the top-left cell when there is none), a selection or not,
/// in a grid of `rows` display rows and `width` columns.
pub fn press(
    key: &str,
    shift: bool,
    cursor: Option<(usize, usize)>,
    selected: bool,
    (rows, width): (usize, usize),
) -> Press {
    if key == "Escape" {
        return Press::Clear;
    }
    if rows == 0 || width == 0 {
        return Press::Ignore;
    }
    let (r, c) = cursor.unwrap_or((0, 0));
    let to = match key {
        "ArrowUp" => (r.saturating_sub(1), c),
        "ArrowDown" => ((r + 1).min(rows - 1), c),
        "ArrowLeft" => (r, c.saturating_sub(1)),
        "ArrowRight" => (r, (c + 1).min(width - 1)),
        "Home" => (r, 0),
        "End" => (r, width - 1),
        "Enter" | " " => return Press::Pick(Pick::Start((r, c), shift)),
        _ => return Press::Ignore,
    };
    let picks = match (shift, selected) {
        (false, _) => vec![],
        (true, true) => vec![Pick::Extend(to)],
        (true, false) => vec![Pick::Start((r, c), false), Pick::Extend(to)],
    };
    Press::Move { to, picks }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: (usize, usize) = (20, 41);

    fn to(p: Press) -> (usize, usize) {
        match p {
            Press::Move { to, .. } => to,
            other => panic!("not a move: {other:?}"),
        }
    }

    #[test]
    fn arrows_move_within_the_grid() {
        assert_eq!(to(press("ArrowDown", false, None, false, SIZE)), (1, 0));
        assert_eq!(to(press("ArrowUp", false, None, false, SIZE)), (0, 0));
        assert_eq!(
            to(press("ArrowRight", false, Some((2, 40)), false, SIZE)),
            (2, 40)
        );
        assert_eq!(
            to(press("ArrowLeft", false, Some((2, 0)), false, SIZE)),
            (2, 0)
        );
        assert_eq!(
            to(press("ArrowDown", false, Some((19, 3)), false, SIZE)),
            (19, 3)
        );
        assert_eq!(to(press("End", false, Some((4, 3)), false, SIZE)), (4, 40));
        assert_eq!(to(press("Home", false, Some((4, 3)), false, SIZE)), (4, 0));
    }

    #[test]
    fn shift_starts_or_extends_a_selection() {
        assert_eq!(
            press("ArrowRight", true, Some((2, 1)), false, SIZE),
            Press::Move {
                to: (2, 2),
                picks: vec![Pick::Start((2, 1), false), Pick::Extend((2, 2))]
            }
        );
        assert_eq!(
            press("ArrowDown", true, Some((2, 2)), true, SIZE),
            Press::Move {
                to: (3, 2),
                picks: vec![Pick::Extend((3, 2))]
            }
        );
        assert_eq!(
            press("ArrowDown", false, Some((2, 2)), true, SIZE),
            Press::Move {
                to: (3, 2),
                picks: vec![]
            }
        );
    }

    #[test]
    fn enter_selects_and_escape_clears() {
        assert_eq!(
            press("Enter", false, Some((1, 2)), false, SIZE),
            Press::Pick(Pick::Start((1, 2), false))
        );
        assert_eq!(
            press(" ", true, None, true, SIZE),
            Press::Pick(Pick::Start((0, 0), true))
        );
        assert_eq!(press("Escape", false, None, false, (0, 0)), Press::Clear);
        assert_eq!(
            press("ArrowDown", false, None, false, (0, 5)),
            Press::Ignore
        );
        assert_eq!(press("a", false, None, false, SIZE), Press::Ignore);
    }
}
