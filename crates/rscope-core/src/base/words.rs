//! Counts in words: `1 node`, `64 nodes`, `1 vertex`, `3 vertices`. Every
//! count the page writes beside a noun goes through here, so that none
//! reads `1 nodes` or `64 node`, whoever formats it.

use std::fmt::Display;

/// `n` followed by `one`, made plural by the regular English rule when `n`
/// is not 1: `count(1, "node")` is `1 node`, `count(64, "node")` is
/// `64 nodes`, `count(2, "GPU")` is `2 GPUs`.
pub fn count<N: Display + PartialEq + From<u8>>(n: N, one: &str) -> String {
    if n == N::from(1) {
        format!("{n} {one}")
    } else {
        format!("{n} {}", plural(one))
    }
}

/// `n` followed by `one` or, when `n` is not 1, `many`: for nouns the
/// regular rule gets wrong (`vertex`, `vertices`).
pub fn count_as<N: Display + PartialEq + From<u8>>(n: N, one: &str, many: &str) -> String {
    if n == N::from(1) {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// The regular English plural of `one`: `nodes`, `GPUs`, `switches`,
/// `boxes`, `buses`, `memories`. A resource type name is a noun someone
/// chose, so this is the rule a reader expects, not a dictionary.
pub fn plural(one: &str) -> String {
    let lower = one.to_ascii_lowercase();
    let sibilant = ["s", "x", "z", "ch", "sh"]
        .iter()
        .any(|end| lower.ends_with(end));
    let mut chars = lower.chars().rev();
    let consonant_y = chars.next() == Some('y')
        && chars
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() && !"aeiou".contains(c));
    if sibilant {
        format!("{one}es")
    } else if consonant_y {
        format!("{}ies", &one[..one.len() - 1])
    } else {
        format!("{one}s")
    }
}

/// How a resource type is named beside a count: `gpu` as `GPU` (`2
/// GPUs`), the others as named (`4 cores`).
pub fn type_noun(kind: &str) -> String {
    match kind {
        "gpu" => "GPU".to_string(),
        other => other.to_string(),
    }
}

/// Names joined as a sentence lists them: `a`, `a and b`, `a, b and c`.
pub fn join_and(mut names: Vec<String>) -> String {
    match names.pop() {
        None => String::new(),
        Some(last) if names.is_empty() => last,
        Some(last) => format!("{} and {last}", names.join(", ")),
    }
}

/// `n` with its digits in groups of three, joined by a no-break space so
/// the number never wraps: `250 000`, `1 048 576`, `999`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() * 2);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push('\u{a0}');
        }
        out.push(d);
    }
    out
}

/// `x` to one decimal, its whole part [`grouped`]: `1 234.5` (below zero
/// is `0.0`), as the timeline writes node-hours.
pub fn tenths(x: f64) -> String {
    let t = (x * 10.0).round().max(0.0) as u64;
    format!("{}.{}", grouped(t / 10), t % 10)
}

/// A length of time in words, its two largest units, rounded to the
/// second: `30 minutes`, `2 hours 5 minutes`, `1 day 1 hour`, `0 seconds`.
/// The summary's start-to-expiration span and the Explain card's both say
/// it so.
pub fn duration(secs: f64) -> String {
    let s = secs.abs().round() as u64;
    let parts = [
        (s / 86_400, "day"),
        (s / 3600 % 24, "hour"),
        (s / 60 % 60, "minute"),
        (s % 60, "second"),
    ];
    let said: Vec<String> = parts
        .iter()
        .filter(|(n, _)| *n > 0)
        .take(2)
        .map(|&(n, one)| count(n, one))
        .collect();
    if said.is_empty() {
        "0 seconds".to_string()
    } else {
        said.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_join_as_a_sentence_lists_them() {
        let names = |n: &[&str]| n.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(join_and(names(&[])), "");
        assert_eq!(join_and(names(&["a"])), "a");
        assert_eq!(join_and(names(&["a", "b"])), "a and b");
        assert_eq!(join_and(names(&["a", "b", "c"])), "a, b and c");
    }

    #[test]
    fn tenths_round_to_one_decimal_and_group_the_whole_part() {
        assert_eq!(tenths(1234.56), "1\u{a0}234.6");
        assert_eq!(tenths(0.04), "0.0");
        assert_eq!(tenths(-3.0), "0.0");
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1u64, "node"), "1 node");
        assert_eq!(count(64u64, "node"), "64 nodes");
        assert_eq!(count(0usize, "core"), "0 cores");
        assert_eq!(count(2u32, "GPU"), "2 GPUs");
        assert_eq!(count(1i64, "error"), "1 error");
        assert_eq!(count(-1i64, "step"), "-1 steps");
    }

    #[test]
    fn irregular_nouns_name_both_forms() {
        assert_eq!(count_as(1usize, "vertex", "vertices"), "1 vertex");
        assert_eq!(count_as(3usize, "vertex", "vertices"), "3 vertices");
    }

    #[test]
    fn plurals_follow_the_regular_rule() {
        let words = [
            "core", "gpu", "socket", "switch", "box", "bus", "memory", "day", "Y", "ssh",
        ];
        let got: Vec<String> = words.iter().map(|w| plural(w)).collect();
        assert_eq!(
            got,
            [
                "cores", "gpus", "sockets", "switches", "boxes", "buses", "memories", "days", "Ys",
                "sshes"
            ]
        );
    }

    #[test]
    fn large_numbers_are_grouped_by_thousands() {
        let got: Vec<String> = [0, 999, 1000, 250_000, 1_048_576].map(grouped).into();
        assert_eq!(
            got,
            [
                "0",
                "999",
                "1\u{a0}000",
                "250\u{a0}000",
                "1\u{a0}048\u{a0}576"
            ]
        );
    }

    #[test]
    fn durations_in_words() {
        assert_eq!(duration(1800.0), "30 minutes");
        assert_eq!(duration(7500.0), "2 hours 5 minutes");
        assert_eq!(duration(0.0), "0 seconds");
        assert_eq!(duration(90_061.0), "1 day 1 hour");
    }
}
