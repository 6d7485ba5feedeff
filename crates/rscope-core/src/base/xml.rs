//! Text for XML and SVG: the one escaper every export writes with (the
//! grid's SVG, the graph picture's SVG, the graph's GraphML).
//!
//! XML 1.0 cannot carry most control characters at all, not even as
//! character references, so a name from a document that holds one (JSON
//! allows `"\u0001"`) would make the file unreadable. They become U+FFFD,
//! as do the two noncharacters U+FFFE and U+FFFF; tab, line feed and
//! carriage return are kept.

/// `s` as XML character data or attribute text: the five predefined
/// entities, and U+FFFD for each character XML 1.0 forbids.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    escape_into(&mut out, s);
    out
}

/// [`escape`], appended to `out`.
pub fn escape_into(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_five_specials_become_entities() {
        assert_eq!(
            escape(r#"<a href='x'>&"#),
            "&lt;a href=&apos;x&apos;&gt;&amp;"
        );
        assert_eq!(escape("\""), "&quot;");
    }

    #[test]
    fn forbidden_characters_become_the_replacement_character() {
        assert_eq!(escape("a\u{0}b\u{1f}c"), "a\u{fffd}b\u{fffd}c");
        assert_eq!(escape("\u{fffe}\u{ffff}"), "\u{fffd}\u{fffd}");
        assert_eq!(escape("tab\tline\ncr\r"), "tab\tline\ncr\r");
        // Allowed, if discouraged: kept as they are.
        assert_eq!(escape("\u{7f}\u{85}é"), "\u{7f}\u{85}é");
    }

    #[test]
    fn every_char_escaped_parses_as_xml() {
        let all: String = (0..=0x10ffff_u32)
            .step_by(7)
            .filter_map(char::from_u32)
            .collect();
        let all = format!("{all}\u{fffe}\u{ffff}\u{1}");
        let text = escape(&all);
        let doc = format!("<a b=\"{text}\">{text}</a>");
        roxmltree::Document::parse(&doc).expect("well-formed XML");
    }
}
