//! The invariants of ARCHITECTURE.md, checked over the source text: the
//! crates and layers read from its tables, and the absences it promises.
//! What the compiler already enforces (the shells never name each other, the
//! core never names a web crate) is checked here in the manifests, so that
//! a dependency added by mistake fails with a sentence saying why.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The workspace root, where ARCHITECTURE.md and `crates/` are.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// The `src` folder of the crate `name` (`rscope-core`, `rscope-web`, …).
fn crate_src(name: &str) -> PathBuf {
    root().join("crates").join(name).join("src")
}

/// `path` relative to the workspace root, for messages.
fn shown(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Every `.rs` file under `dir`, recursively, in name order.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The folders that group the core's modules by concern (`base`,
/// `formats`, `ops`, `view`), each with the modules ARCHITECTURE.md's
/// list puts in it.
fn grouped() -> Vec<(String, BTreeSet<String>)> {
    let doc = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    doc.lines()
        .filter_map(|l| l.strip_prefix("- `src/"))
        .filter_map(|rest| rest.split_once("/`: "))
        .map(|(group, list)| {
            let modules = list
                .trim_end_matches(';')
                .trim_end_matches('.')
                .split(", ")
                .map(|m| m.trim_matches('`').to_string())
                .collect();
            (group.to_string(), modules)
        })
        .collect()
}

/// The group folders' names.
fn groups() -> Vec<String> {
    grouped().into_iter().map(|(g, _)| g).collect()
}

/// The module a file of the core belongs to (`rset` for
/// `src/formats/rset/parse.rs`, `idset` for `src/formats/idset.rs`,
/// `document` for `src/document.rs`); a group's own `mod.rs` is the
/// group's name.
fn module_of(path: &Path) -> String {
    let rel = path.strip_prefix(crate_src("rscope-core")).unwrap();
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let first = if groups().contains(&parts[0]) && parts[1] != "mod.rs" {
        &parts[1]
    } else {
        &parts[0]
    };
    first.trim_end_matches(".rs").to_string()
}

/// The source without its test code and without `//` comments (doc links
/// name modules harmlessly).
fn without_tests(path: &Path) -> String {
    without_comments(&without_test_items(path))
}

/// The source without its test code: files named `tests.rs`, and each
/// `#[cfg(test)]`/`#[cfg(all(test, …))]` item, braces matched. Comments
/// stay (a function's length counts them).
fn without_test_items(path: &Path) -> String {
    if path.file_name().is_some_and(|n| n == "tests.rs") {
        return String::new();
    }
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = String::new();
    let mut rest = text.as_str();
    // Every `#[cfg(`: a feature's cfg before the tests must not end the search.
    while let Some(at) = rest.find("#[cfg(") {
        if is_test_cfg(&rest[at..]) {
            out.push_str(&rest[..at]);
            rest = skip_item(&rest[at..]);
        } else {
            let past = at + "#[cfg(".len();
            out.push_str(&rest[..past]);
            rest = &rest[past..];
        }
    }
    out.push_str(rest);
    out
}

fn is_test_cfg(s: &str) -> bool {
    let attr = &s[..s.find(']').unwrap_or(s.len())];
    attr.starts_with("#[cfg(test)") || attr.starts_with("#[cfg(all(test")
}

/// The text after the item that starts at `s` (an attribute, then either a
/// `;`-terminated item or one with a braced body). Braces and semicolons in
/// string and character literals do not count.
fn skip_item(s: &str) -> &str {
    let b = s.as_bytes();
    let (mut depth, mut i) = (0usize, 0usize);
    while i < b.len() {
        match b[i] {
            b'"' => i = end_of_string(b, i),
            // A comment's quotes and braces are prose, not code.
            b'/' if b.get(i + 1) == Some(&b'/') => i += s[i..].find('\n').unwrap_or(s.len() - i),
            b'\'' if b.get(i + 2) == Some(&b'\'') || b.get(i + 1) == Some(&b'\\') => {
                i = end_of_char(b, i)
            }
            b'{' => depth += 1,
            b'}' if depth <= 1 => return &s[i + 1..],
            b'}' => depth -= 1,
            b';' if depth == 0 => return &s[i + 1..],
            _ => {}
        }
        i += 1;
    }
    ""
}

/// The index of the closing quote of the string opening at `i`.
fn end_of_string(b: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < b.len() && b[i] != b'"' {
        i += if b[i] == b'\\' { 2 } else { 1 };
    }
    i
}

/// The index of the closing quote of the character literal opening at `i`.
fn end_of_char(b: &[u8], i: usize) -> usize {
    let mut j = i + 2;
    while j < b.len() && b[j] != b'\'' {
        j += 1;
    }
    j
}

/// `src` with `//` comments removed (doc links name modules harmlessly).
fn without_comments(src: &str) -> String {
    src.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .map(|l| l.split(" // ").next().unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The crate modules a source text names: `crate::x`, and each name of a
/// `crate::{x, y::z}` group.
fn named_modules(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (at, _) in src.match_indices("crate::") {
        let after = &src[at + 7..];
        if let Some(group) = after.strip_prefix('{') {
            let body = &group[..group.find('}').unwrap_or(group.len())];
            for part in body.split(',') {
                out.push(ident(part.trim()));
            }
        } else {
            out.push(ident(after));
        }
    }
    out.retain(|m| !m.is_empty() && m != "self");
    out
}

fn ident(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// Layer by module, from the rows of ARCHITECTURE.md whose first cell is
/// `PREFIX N` (the core's code map has no prefix; the page's table `web`).
fn layers_of(prefix: &str) -> BTreeMap<String, u32> {
    let doc = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let mut out = BTreeMap::new();
    for line in doc.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let Some(layer) = cells
            .get(1)
            .and_then(|c| c.strip_prefix(prefix))
            .and_then(|c| c.parse::<u32>().ok())
        else {
            continue;
        };
        for name in cells[2].split(',') {
            out.insert(name.trim().trim_matches('`').to_string(), layer);
        }
    }
    out
}

/// Layer by module, from the code map table of ARCHITECTURE.md.
fn layers() -> BTreeMap<String, u32> {
    layers_of("")
}

/// Core files: everything in the core crate but `lib.rs` and the groups'
/// own `mod.rs` (which only declare their modules).
fn core_files() -> Vec<PathBuf> {
    let groups = groups();
    rust_files(&crate_src("rscope-core"))
        .into_iter()
        .filter(|p| module_of(p) != "lib" && !groups.contains(&module_of(p)))
        .collect()
}

#[test]
fn every_group_folder_is_listed_and_holds_only_modules() {
    let src = crate_src("rscope-core");
    let groups = groups();
    assert_eq!(
        groups,
        ["base", "formats", "ops", "view"],
        "ARCHITECTURE.md's groups"
    );
    for (g, listed) in grouped() {
        let held: BTreeSet<String> = std::fs::read_dir(src.join(&g))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n != "mod.rs")
            .map(|n| n.trim_end_matches(".rs").to_string())
            .collect();
        assert_eq!(
            held, listed,
            "the modules in src/{g} and ARCHITECTURE.md's list"
        );
        // A group declares its modules and nothing else.
        let text = std::fs::read_to_string(src.join(&g).join("mod.rs")).unwrap();
        let code: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with("//") && !l.trim().is_empty())
            .filter(|l| !(l.starts_with("pub mod ") && l.ends_with(';')))
            .collect();
        assert!(
            code.is_empty(),
            "src/{g}/mod.rs holds more than modules: {code:?}"
        );
    }
}

#[test]
fn every_module_has_a_layer_and_every_layer_a_module() {
    let layers = layers();
    let mut modules: Vec<String> = core_files().iter().map(|p| module_of(p)).collect();
    modules.dedup();
    let unlisted: Vec<&String> = modules
        .iter()
        .filter(|m| !layers.contains_key(*m))
        .collect();
    assert!(
        unlisted.is_empty(),
        "modules with no row in ARCHITECTURE.md's code map: {unlisted:?}"
    );
    let missing: Vec<&String> = layers.keys().filter(|m| !modules.contains(m)).collect();
    assert!(
        missing.is_empty(),
        "code map rows naming no module: {missing:?}"
    );
}

#[test]
fn no_layer_reaches_upward_or_sideways() {
    let layers = layers();
    let mut wrong = Vec::new();
    for path in core_files() {
        let me = module_of(&path);
        let Some(&mine) = layers.get(&me) else {
            continue;
        };
        for other in named_modules(&without_tests(&path)) {
            if other == me {
                continue;
            }
            match layers.get(&other) {
                Some(&theirs) if theirs < mine => {}
                _ => wrong.push(format!(
                    "{}: {me} (layer {mine}) names {other} (layer {})",
                    shown(&path),
                    layers.get(&other).map_or("none".into(), |l| l.to_string())
                )),
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    assert!(wrong.is_empty(), "layering broken:\n{}", wrong.join("\n"));
}

/// Layer by page module, from the `web N` rows of ARCHITECTURE.md's table
/// for `rscope-web`.
fn web_layers() -> BTreeMap<String, u32> {
    layers_of("web ")
}

/// The page module a file of `rscope-web` belongs to (`components` for
/// `src/components/grid.rs`, `hooks` for `src/hooks.rs`).
fn web_module_of(path: &Path) -> String {
    let rel = path.strip_prefix(crate_src("rscope-web")).unwrap();
    let first = rel
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_string_lossy();
    first.trim_end_matches(".rs").to_string()
}

/// The page modules a file of page module `me` names: `crate::x`, each
/// name of a `crate::{x, y}` group, and from a file directly under the
/// crate's `src`, `super::x` (in a folder, `super::` stays inside it).
fn named_web_modules(src: &str, top_level: bool) -> Vec<String> {
    let mut out = Vec::new();
    let mut prefixes = vec!["crate::", "super::super::"];
    if top_level {
        prefixes.push("super::");
    }
    for prefix in prefixes {
        for (at, _) in src.match_indices(prefix) {
            let before = src[..at].chars().next_back();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let after = &src[at + prefix.len()..];
            match after.strip_prefix('{') {
                Some(group) => {
                    let body = &group[..group.find('}').unwrap_or(group.len())];
                    out.extend(body.split(',').map(|p| ident(p.trim())));
                }
                None => out.push(ident(after)),
            }
        }
    }
    out.retain(|m| !m.is_empty() && m != "self");
    out
}

/// The page's files but its root (`lib.rs`, which declares the modules and
/// mounts the app) and test files.
fn web_files() -> Vec<PathBuf> {
    let web = crate_src("rscope-web");
    rust_files(&web)
        .into_iter()
        .filter(|p| p != &web.join("lib.rs") && !p.ends_with("tests.rs"))
        .collect()
}

#[test]
fn every_page_module_has_a_layer_and_every_layer_a_module() {
    let layers = web_layers();
    let modules: std::collections::BTreeSet<String> =
        web_files().iter().map(|p| web_module_of(p)).collect();
    let unlisted: Vec<&String> = modules
        .iter()
        .filter(|m| !layers.contains_key(*m))
        .collect();
    assert!(
        unlisted.is_empty(),
        "page modules with no row in ARCHITECTURE.md's table for rscope-web: {unlisted:?}"
    );
    let missing: Vec<&String> = layers.keys().filter(|m| !modules.contains(*m)).collect();
    assert!(
        missing.is_empty(),
        "rscope-web rows naming no module: {missing:?}"
    );
}

#[test]
fn no_page_layer_reaches_upward_or_sideways() {
    let layers = web_layers();
    let web = crate_src("rscope-web");
    let mut wrong = Vec::new();
    for path in web_files() {
        let me = web_module_of(&path);
        let Some(&mine) = layers.get(&me) else {
            continue;
        };
        let top_level = path.parent() == Some(web.as_path());
        for other in named_web_modules(&without_tests(&path), top_level) {
            if other == me {
                continue;
            }
            match layers.get(&other) {
                Some(&theirs) if theirs < mine => {}
                // `super::x` from a top-level file may name an item of the root.
                None if !web.join(format!("{other}.rs")).exists() && !web.join(&other).is_dir() => {
                }
                _ => wrong.push(format!(
                    "{}: {me} (web {mine}) names {other} (web {})",
                    shown(&path),
                    layers.get(&other).map_or("none".into(), |l| l.to_string())
                )),
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    assert!(
        wrong.is_empty(),
        "page layering broken:\n{}",
        wrong.join("\n")
    );
}

/// The crates a manifest depends on, in any of its dependency tables
/// (`[dependencies]`, `[dev-dependencies]`, `[target.….dependencies]`).
fn dependencies_of(krate: &str) -> BTreeSet<String> {
    let manifest = root().join("crates").join(krate).join("Cargo.toml");
    let text = std::fs::read_to_string(manifest).unwrap();
    let mut out = BTreeSet::new();
    let mut in_deps = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_deps = line.trim_end_matches(']').ends_with("dependencies");
        } else if in_deps && !line.starts_with('#') {
            if let Some((name, _)) = line.split_once('=') {
                out.insert(name.trim().trim_end_matches(".workspace").to_string());
            }
        }
    }
    out
}

/// The crates of the workspace: each folder under `crates/`.
fn workspace_crates() -> BTreeSet<String> {
    std::fs::read_dir(root().join("crates"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn every_crate_has_a_row_and_every_row_a_crate() {
    let doc = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let rows: BTreeSet<String> = doc
        .lines()
        .filter_map(|l| l.strip_prefix("| `crates/"))
        .map(|rest| rest[..rest.find('`').unwrap_or(0)].to_string())
        .collect();
    assert_eq!(
        rows,
        workspace_crates(),
        "ARCHITECTURE.md's table of crates"
    );
}

#[test]
fn every_module_is_a_file_or_a_folder_never_both() {
    // One convention: `x.rs`, or `x/mod.rs` when `x` has submodules; a file
    // beside a folder of the same name is the other convention.
    let mut wrong = Vec::new();
    for krate in workspace_crates() {
        for path in rust_files(&crate_src(&krate)) {
            if path.with_extension("").is_dir() {
                wrong.push(shown(&path));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "files beside a folder of the same name (make them the folder's mod.rs): {wrong:?}"
    );
}

/// The names a format's own error types share, always written through
/// their module (`idset::ParseError`, `rset::Error`), as the standard
/// library's `io::Error` and `fmt::Error`: the one allowed repeat.
const ERROR_NAMES: [&str; 3] = ["Error", "ErrorKind", "ParseError"];

/// The public types (`struct`, `enum`, `type`, `trait`) `src` defines.
fn public_types(src: &str) -> Vec<String> {
    let mut names = Vec::new();
    for line in src.lines() {
        let line = line.trim_start();
        for kind in ["pub struct ", "pub enum ", "pub type ", "pub trait "] {
            if let Some(rest) = line.strip_prefix(kind) {
                // (A macro's `$name` is no name.)
                let name = ident(rest);
                if !name.is_empty() {
                    names.push(name);
                }
            }
        }
    }
    names
}

#[test]
fn every_public_type_has_a_name_of_its_own() {
    // One name for one thing: a reader who meets `Step` or `Source` should
    // not have to ask which one. Test code is left out.
    let mut seen: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for krate in workspace_crates() {
        for path in rust_files(&crate_src(&krate)) {
            for name in public_types(&without_tests(&path)) {
                seen.entry(name).or_default().push(shown(&path));
            }
        }
    }
    let shared: Vec<String> = (seen.iter())
        .filter(|(name, at)| at.len() > 1 && !ERROR_NAMES.contains(&name.as_str()))
        .map(|(name, at)| format!("{name}: {}", at.join(", ")))
        .collect();
    assert!(
        shared.is_empty(),
        "public types sharing a name (give each a name of its own):\n{}",
        shared.join("\n")
    );
}

#[test]
fn the_code_map_is_only_in_architecture_md() {
    // lib.rs and the README point to ARCHITECTURE.md instead of keeping
    // their own lists of modules, which went stale before.
    let lib = std::fs::read_to_string(crate_src("rscope-core").join("lib.rs")).unwrap();
    let lib = &lib[..lib.find("pub mod").unwrap_or(lib.len())];
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    for (name, text) in [("lib.rs", lib), ("README.md", readme.as_str())] {
        assert!(
            text.contains("ARCHITECTURE.md"),
            "{name} does not point to ARCHITECTURE.md"
        );
        let listed: Vec<String> = layers()
            .into_keys()
            .filter(|m| text.contains(&format!("[`{m}`]")) || text.contains(&format!("src/{m}")))
            .collect();
        assert!(
            listed.is_empty(),
            "{name} lists modules of its own: {listed:?}"
        );
    }
}

#[test]
fn the_shells_never_name_each_other() {
    assert!(!dependencies_of("rscope-web").contains("rscope-cli"));
    assert!(!dependencies_of("rscope-cli").contains("rscope-web"));
    assert!(dependencies_of("rscope-cli").contains("rscope-core"));
    assert!(dependencies_of("rscope-web").contains("rscope-core"));
}

/// Whether `src` uses the crate `name` as a path (`name::…` or `use name`).
fn names_crate(src: &str, name: &str) -> bool {
    src.match_indices(name).any(|(at, _)| {
        let before = src[..at].chars().next_back();
        let after = &src[at + name.len()..];
        !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
            && (after.starts_with("::") || after.starts_with(';'))
    })
}

#[test]
fn core_names_no_web_crate() {
    let web = ["yew", "web_sys", "js_sys", "gloo", "wasm_bindgen", "clap"];
    let core_deps = dependencies_of("rscope-core");
    let mut wrong: Vec<String> = web
        .iter()
        .map(|name| name.replace('_', "-"))
        .filter(|name| core_deps.contains(name))
        .map(|name| format!("crates/rscope-core/Cargo.toml depends on {name}"))
        .collect();
    for path in core_files() {
        let src = std::fs::read_to_string(&path).unwrap();
        for name in web {
            if names_crate(&src, name) {
                wrong.push(format!("{} names {name}", path.display()));
            }
        }
        for line in src.lines().filter(|l| l.trim_start().starts_with("pub ")) {
            if line.contains("toml::") {
                wrong.push(format!("{}: toml in a public item: {line}", path.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn page_never_reads_text() {
    // What reading a document looks like: parsing JSON, splitting lines,
    // counting UTF-16 units or characters, writing markup.
    let reading = [
        "serde_json::from_str",
        "jsonc_parser",
        "rscope_core::json",
        ".lines()",
        ".encode_utf16()",
        ".char_indices()",
        "split('\\n')",
        "inner_html",
        "set_inner_html",
    ];
    let mut wrong = Vec::new();
    for path in rust_files(&crate_src("rscope-web")) {
        let src = without_tests(&path);
        for pattern in reading {
            if src.contains(pattern) {
                wrong.push(format!("{} uses {pattern}", path.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_hook_returns_html() {
    // A hook's state is the caller's, and what it draws is a component's:
    // a hook that returned markup would hold both.
    let mut wrong = Vec::new();
    for path in rust_files(&crate_src("rscope-web")) {
        let src = without_tests(&path);
        for (at, _) in src.match_indices("#[hook]") {
            let signature = &src[at..src[at..].find('{').map_or(src.len(), |o| at + o)];
            let returns = signature.rsplit_once("->").map_or("", |(_, r)| r);
            if returns.contains("Html") {
                let name = signature
                    .find("fn ")
                    .map_or(String::new(), |f| ident(&signature[f + 3..]));
                wrong.push(format!(
                    "{}: hook {name} returns {}",
                    path.display(),
                    returns.trim()
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The body of each `fn` in `src`, by name.
fn functions(src: &str) -> Vec<(String, &str)> {
    spans_of_functions(src)
        .into_iter()
        .map(|(name, _, body)| (name, body))
        .collect()
}

/// Each `fn` in `src`: its name, its whole text from `fn` to the closing
/// brace, and its body.
fn spans_of_functions(src: &str) -> Vec<(String, &str, &str)> {
    let mut out = Vec::new();
    for (at, _) in src.match_indices("fn ") {
        if src[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            continue;
        }
        let name = ident(&src[at + 3..]);
        let Some(open) = src[at..].find('{').map(|o| at + o) else {
            continue;
        };
        // A declaration without a body (in a trait) ends before its brace.
        if src[at..open].contains(';') {
            continue;
        }
        let body_len = src.len() - skip_item(&src[open..]).len() - open;
        out.push((name, &src[at..open + body_len], &src[open..open + body_len]));
    }
    out
}

/// The most lines a function may take outside tests, signature to closing
/// brace, comments counted: one that reads at once.
const LONGEST_FUNCTION: usize = 120;

#[test]
fn no_function_is_longer_than_a_screen_or_two() {
    let mut wrong = Vec::new();
    for krate in workspace_crates() {
        for path in rust_files(&crate_src(&krate)) {
            let src = without_test_items(&path);
            for (name, whole, _) in spans_of_functions(&src) {
                let lines = whole.lines().count();
                if lines > LONGEST_FUNCTION {
                    wrong.push(format!("{}: fn {name} is {lines} lines", shown(&path)));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "over {LONGEST_FUNCTION} lines:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn nothing_recurses_over_a_graph() {
    let core = crate_src("rscope-core");
    let mut files = rust_files(&core.join("formats/jgf"));
    files.extend(rust_files(&core.join("formats/hwloc")));
    files.extend(rust_files(&core.join("view/outline")));
    files.push(core.join("document.rs"));
    let mut wrong = Vec::new();
    for path in files {
        let src = without_tests(&path);
        for (name, body) in functions(&src) {
            let calls_itself = body.match_indices(&format!("{name}(")).any(|(at, _)| {
                let before = &body[..at];
                before.ends_with("self.")
                    || before.ends_with("Self::")
                    || !before.chars().next_back().is_some_and(|c| {
                        c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == ':'
                    })
            });
            if calls_itself {
                wrong.push(format!("{}: fn {name} calls itself", path.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_checks_see_what_they_look_for() {
    // The scanners above must find what they are meant to find, or the
    // invariants would pass vacuously.
    assert_eq!(
        named_modules("use crate::{diag::X, rset};\nlet a = crate::jgf::f();"),
        ["diag", "rset", "jgf"]
    );
    assert!(
        without_tests(&root().join("crates/rscope-core/tests/architecture.rs"))
            .contains("fn is_test_cfg")
    );
    assert_eq!(
        skip_item("#[cfg(test)]\nmod t { fn a() { } }\nrest"),
        "\nrest"
    );
    assert_eq!(skip_item("#[cfg(test)]\nuse x::y;\nrest"), "\nrest");
    assert!(names_crate("use yew::prelude::*;", "yew"));
    assert!(!names_crate("let my_yew::x", "yew"));
    assert_eq!(
        skip_item("#[cfg(test)]\nfn f() { let c = '}'; let s = \"}\"; }\nrest"),
        "\nrest"
    );
    assert_eq!(without_comments("a\n  /// crate::x\nb // crate::y"), "a\nb");
    let f = functions("fn walk(v: u32) { if v > 0 { walk(v - 1) } }\nfn other() { walked(1) }");
    assert_eq!(f.len(), 2);
    assert!(f[0].1.contains("walk(v - 1)"));
    assert!(!f[1].1.contains("walk("));
    let long = format!(
        "fn long() {{{}}}\nfn short() {{}}",
        "\n".repeat(LONGEST_FUNCTION)
    );
    let lengths: Vec<usize> = spans_of_functions(&long)
        .iter()
        .map(|(_, whole, _)| whole.lines().count())
        .collect();
    assert_eq!(lengths, [LONGEST_FUNCTION + 1, 1]);
    assert!(layers().contains_key("rset"));
    let core = crate_src("rscope-core");
    for (file, module) in [
        ("formats/rset/parse.rs", "rset"),
        ("base/diag.rs", "diag"),
        ("document.rs", "document"),
        ("base/mod.rs", "base"),
    ] {
        assert_eq!(module_of(&core.join(file)), module, "{file}");
    }
    assert_eq!(
        named_web_modules(
            "use crate::{model::A, task};\nsuper::hooks::f(); my_super::no",
            true
        ),
        ["model", "task", "hooks"]
    );
    assert_eq!(
        named_web_modules("super::grid::f()", false),
        Vec::<String>::new()
    );
    assert_eq!(web_layers().get("hooks").copied(), Some(4));
    assert_eq!(
        public_types("pub struct A<'a> {\n  pub enum B {\npub(crate) struct C;\npub type D = u8;"),
        ["A", "B", "D"]
    );
}
