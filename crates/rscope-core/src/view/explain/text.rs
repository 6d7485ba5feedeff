//! Small pieces of explanation text: bounded lists. Dates are
//! [`crate::time`]'s, lengths of time [`crate::words::duration`].

/// How many members of a set an explanation names before it counts the rest.
pub const LISTED: usize = 8;

/// `items` (the first members of a set of `total`) as words:
/// `19, 20, 21 and 22`, or `0, 1, 2, 3, 4, 5, 6, 7 and 40 more` when the
/// set is larger than what is listed.
pub fn listed(items: &[String], total: u64) -> String {
    let shown = &items[..items.len().min(LISTED)];
    let rest = total.saturating_sub(shown.len() as u64);
    match (shown, rest) {
        ([], _) => "none".to_string(),
        ([one], 0) => one.clone(),
        (_, 0) => {
            let (last, first) = shown.split_last().expect("two or more");
            format!("{} and {last}", first.join(", "))
        }
        _ => format!("{} and {rest} more", shown.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[u32]) -> Vec<String> {
        v.iter().map(u32::to_string).collect()
    }

    #[test]
    fn lists_are_bounded() {
        assert_eq!(listed(&strings(&[]), 0), "none");
        assert_eq!(listed(&strings(&[7]), 1), "7");
        assert_eq!(listed(&strings(&[19, 20, 21, 22]), 4), "19, 20, 21 and 22");
        assert_eq!(
            listed(&strings(&[0, 1, 2, 3, 4, 5, 6, 7, 8]), 48),
            "0, 1, 2, 3, 4, 5, 6, 7 and 40 more"
        );
    }
}
