//! The house keeps its order: the library's modules stand in the layers
//! docs/ARCHITECTURE.md declares (its block marked `layers`, top first),
//! and every `crate::` path in `src/` — a `use`, or a path written out —
//! runs from a module down to one in a lower layer, never up and never
//! sideways. The checker is held to a house with an upward import first, so
//! that it cannot pass by reading nothing.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::common::root;

/// The layers, bottom first: each a list of top-level modules.
fn declared_layers(doc: &str) -> Vec<Vec<String>> {
    let block = doc
        .split("```layers\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("docs/ARCHITECTURE.md has a ```layers block");
    let mut layers: Vec<Vec<String>> = block
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let names = line.split(':').next().unwrap_or("");
            names.split(',').map(|n| n.trim().to_string()).collect()
        })
        .collect();
    layers.reverse();
    layers
}

/// The source without comments and the insides of strings and characters.
fn code_of(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let next = chars.get(i + 1).copied();
        match chars[i] {
            '/' if next == Some('/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            '/' if next == Some('*') => {
                i += 2;
                while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                    i += 1;
                }
                i += 2;
                continue;
            }
            // A raw string: r"…" or r#"…"#, to the same number of hashes.
            'r' if matches!(next, Some('"' | '#'))
                && !chars[..i]
                    .last()
                    .is_some_and(|c| c.is_alphanumeric() || *c == '_') =>
            {
                let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
                if chars.get(i + 1 + hashes) != Some(&'"') {
                    out.push('r');
                    i += 1;
                    continue;
                }
                i += 2 + hashes;
                let close: Vec<char> = std::iter::once('"')
                    .chain(std::iter::repeat_n('#', hashes))
                    .collect();
                while i < chars.len() && !chars[i..].starts_with(&close) {
                    i += 1;
                }
                i += close.len();
                out.push_str("\"\"");
                continue;
            }
            '"' => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                out.push_str("\"\"");
            }
            // A character: 'x' or '\x' (a lifetime has no closing quote).
            '\'' if next == Some('\\') => i += 3,
            '\'' if chars.get(i + 2) == Some(&'\'') => i += 2,
            c => out.push(c),
        }
        i += 1;
    }
    out
}

/// The top-level modules a file's code names: `crate::a…`, each item of
/// `crate::{a, b::c}`, and `super::a` from a file whose parent is the
/// crate's root (where `a` is a top-level module, `is_module`: an inline
/// `mod tests` names its own file's items so).
fn named_modules(
    code: &str,
    parent_is_root: bool,
    is_module: &dyn Fn(&str) -> bool,
) -> Vec<String> {
    let mut found = Vec::new();
    let mut prefixes = vec!["crate::"];
    if parent_is_root {
        prefixes.push("super::");
    }
    for prefix in prefixes {
        for (at, _) in code.match_indices(prefix) {
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let rest = &code[at + prefix.len()..];
            let start = found.len();
            if let Some(group) = rest.strip_prefix('{') {
                found.extend(group_items(group).iter().map(|item| first_segment(item)));
            } else {
                found.push(first_segment(rest));
            }
            if prefix == "super::" {
                let mut i = start;
                while i < found.len() {
                    if is_module(&found[i]) {
                        i += 1;
                    } else {
                        found.remove(i);
                    }
                }
            }
        }
    }
    found.retain(|m| !m.is_empty() && m != "self");
    found
}

/// The items of a `use` group, `group` the text after its `{`: split at
/// its own commas, to its closing brace (nested groups kept whole).
fn group_items(group: &str) -> Vec<String> {
    let mut items = Vec::new();
    let mut depth = 0;
    let mut item = String::new();
    for c in group.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(std::mem::take(&mut item));
                continue;
            }
            _ => {}
        }
        item.push(c);
    }
    items.push(item);
    items
}

fn first_segment(path: &str) -> String {
    path.trim()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// Every import of `files` (path under src/, text) that breaks `layers`:
/// (file, the module it names).
fn broken(files: &BTreeMap<String, String>, layers: &[Vec<String>]) -> Vec<(String, String)> {
    let layer_of = |module: &str| layers.iter().position(|l| l.iter().any(|m| m == module));
    let mut out = Vec::new();
    for (path, text) in files {
        if path == "lib.rs" {
            continue;
        }
        let module = path.split('/').next().unwrap_or("").trim_end_matches(".rs");
        let depth = path.matches('/').count();
        let parent_is_root = depth == 0 || (depth == 1 && path.ends_with("/mod.rs"));
        let own = layer_of(module).unwrap_or_else(|| panic!("{path}: `{module}` is in no layer"));
        let is_module = |name: &str| layer_of(name).is_some();
        for named in named_modules(&code_of(text), parent_is_root, &is_module) {
            if named == module {
                continue;
            }
            match layer_of(&named) {
                Some(layer) if layer < own => {}
                _ => out.push((path.clone(), named)),
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

fn read_sources(dir: &Path, under: &str, files: &mut BTreeMap<String, String>) {
    for entry in std::fs::read_dir(dir).expect("src/ reads") {
        let path = entry.expect("a directory entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let rel = if under.is_empty() {
            name.to_string()
        } else {
            format!("{under}/{name}")
        };
        if path.is_dir() {
            read_sources(&path, &rel, files);
        } else if name.ends_with(".rs") {
            files.insert(
                rel,
                std::fs::read_to_string(&path).expect("a source file reads"),
            );
        }
    }
}

#[test]
fn every_import_runs_down_the_declared_layers() {
    let doc = std::fs::read_to_string(root().join("docs/ARCHITECTURE.md"))
        .expect("docs/ARCHITECTURE.md reads");
    let layers = declared_layers(&doc);

    // The checker first, on a small house: search above rules, and search
    // naming analysis (above it) once in a `use` group and once written out.
    let small: Vec<Vec<String>> = [vec!["rules"], vec!["search"], vec!["analysis"]]
        .iter()
        .map(|l| l.iter().map(|m| m.to_string()).collect())
        .collect();
    let house: BTreeMap<String, String> = [
        ("rules/mod.rs", "use crate::rules::x; // crate::analysis in a comment"),
        (
            "search/mod.rs",
            "use crate::{rules::Game, analysis::Answer};\nlet s = \"crate::analysis\"; let q = '\"';\nlet r = r#\"a \"quote\" // crate::analysis\"#;",
        ),
        ("search/graph.rs", "fn f() { crate::analysis::run() }"),
        ("analysis.rs", "use super::search::Solver; use crate::rules;"),
    ]
    .into_iter()
    .map(|(p, t)| (p.to_string(), t.to_string()))
    .collect();
    assert_eq!(
        broken(&house, &small),
        [
            ("search/graph.rs".to_string(), "analysis".to_string()),
            ("search/mod.rs".to_string(), "analysis".to_string()),
        ]
    );

    // Every top-level module has its layer, and no import runs up.
    let mut files = BTreeMap::new();
    read_sources(&root().join("src"), "", &mut files);
    for path in files.keys() {
        let module = path.split('/').next().unwrap_or("").trim_end_matches(".rs");
        assert!(
            module == "lib" || layers.iter().flatten().any(|m| m == module),
            "src/{path}: add `{module}` to the layers of docs/ARCHITECTURE.md"
        );
    }
    for layer in &layers {
        for module in layer {
            assert!(
                files.contains_key(&format!("{module}.rs"))
                    || files.contains_key(&format!("{module}/mod.rs")),
                "docs/ARCHITECTURE.md names `{module}`, which src/ does not have"
            );
        }
    }
    let broken = broken(&files, &layers);
    assert!(
        broken.is_empty(),
        "imports that run up or sideways (see docs/ARCHITECTURE.md):\n{}",
        broken
            .iter()
            .map(|(file, module)| format!("  src/{file} names `{module}`"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The statements of a face's code that are not a module declared or a
/// name re-exported.
fn beyond_re_exports(code: &str) -> Vec<&str> {
    let statements = code
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("#["));
    statements
        .filter(|line| {
            let re_export = [
                "mod ",
                "pub mod ",
                "pub(crate) mod ",
                "pub use ",
                "pub(crate) use ",
            ]
            .iter()
            .any(|p| line.starts_with(p))
                || line.starts_with("pub(super) use ")
                || line.starts_with("};")
                || line.ends_with(',')
                || line.ends_with("::{");
            !re_export
        })
        .collect()
}

/// The imports inside `src/DIR` that break its floors: a file names
/// (`crate::DIR::ROOM`, or `super::ROOM` right under DIR) a room of a floor
/// above its own, or the folder's face (`DIR/mod.rs`, which holds docs and
/// re-exports only). `floors` gives each room (a file or a folder) its
/// floor, the ground 0.
fn floors_broken(
    files: &BTreeMap<String, String>,
    dir: &str,
    floors: &[(&str, usize)],
) -> Vec<String> {
    let floor_of = |room: &str| floors.iter().find(|(r, _)| *r == room).map(|&(_, f)| f);
    let face = format!("{dir}/mod.rs");
    let mut broken = Vec::new();
    for (path, text) in files {
        let code = code_of(text);
        if *path == face {
            for line in beyond_re_exports(&code) {
                broken.push(format!("{face} holds docs and re-exports only: {line}"));
            }
            continue;
        }
        let inside = &path[dir.len() + 1..];
        let room = inside.split(['/', '.']).next().unwrap_or("");
        let Some(own) = floor_of(room) else {
            broken.push(format!("{path}: a room no floor holds"));
            continue;
        };
        let whole = format!("crate::{dir}::");
        let mut named: Vec<(usize, &str)> = code.match_indices(whole.as_str()).collect();
        if !inside.contains('/') {
            named.extend(code.match_indices("super::"));
        }
        for (at, word) in named {
            // A macro names what it uses by the public path, as its
            // callers outside must (`$crate::search::heaps`).
            if code[..at].ends_with('$') || code[..at].ends_with("::") {
                continue;
            }
            let target = code[at + word.len()..]
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .next()
                .unwrap_or("");
            match floor_of(target) {
                None => broken.push(format!(
                    "{path}: names `{word}{target}` through the face; name its module"
                )),
                Some(floor) if floor > own => broken.push(format!(
                    "{path} (floor {own}) names `{word}{target}`, a room above it (floor {floor})"
                )),
                Some(_) => {}
            }
        }
    }
    broken
}

#[test]
fn inside_the_search_and_the_analysis_no_file_imports_through_the_face_or_from_a_room_above() {
    // The rooms stand in floors (ARCHITECTURE.md). The search: the base
    // (budgets, arenas, reached sets, errors), the words the engines share,
    // the engines, the solver that chooses among them, the searches over
    // what a solver reaches. The analysis: the values it returns, its
    // errors, where a play stands, tables, census shapes and graphs, answering a position,
    // the analyzer, plays.
    let search = [
        ("base", 0),
        ("value", 1),
        ("options", 1),
        ("engines", 2),
        ("solver", 3),
        ("graphs", 4),
    ];
    let analysis = [
        ("answer", 0),
        ("options", 0),
        ("saved", 0),
        ("error", 1),
        ("standing", 2),
        ("table", 3),
        ("census", 3),
        ("graph", 3),
        ("answers", 4),
        ("analyzer", 5),
        ("play", 6),
    ];
    let mut broken = Vec::new();
    for (dir, floors) in [("search", &search[..]), ("analysis", &analysis[..])] {
        let mut files = BTreeMap::new();
        read_sources(&root().join("src").join(dir), dir, &mut files);
        broken.extend(floors_broken(&files, dir, floors));
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));

    // The checker itself, on a small house: a room above, the face, a
    // statement in the face, and a room no floor holds are found; names of
    // its own floor and below, and of a folder's siblings, pass.
    let small = [("base", 0), ("engines", 1), ("solver", 2)];
    let files: BTreeMap<String, String> = [
        ("s/mod.rs", "mod base;\npub use solver::Solver;\nfn f() {}"),
        ("s/base.rs", "use super::solver::Solver;"),
        ("s/engines/a.rs", "use super::b::B; use crate::s::base::X;"),
        ("s/engines/b.rs", "use crate::s::Solver;"),
        (
            "s/solver.rs",
            "use super::engines::a::A; use super::base::X;",
        ),
        ("s/other.rs", ""),
    ]
    .into_iter()
    .map(|(p, t)| (p.to_string(), t.to_string()))
    .collect();
    let found = floors_broken(&files, "s", &small);
    assert_eq!(
        found,
        [
            "s/base.rs (floor 0) names `super::solver`, a room above it (floor 2)",
            "s/engines/b.rs: names `crate::s::Solver` through the face; name its module",
            "s/mod.rs holds docs and re-exports only: fn f() {}",
            "s/other.rs: a room no floor holds",
        ]
    );
}

/// A file's module path under the crate: `moves/block/code.rs` is
/// `moves::block::code`, a folder's `mod.rs` the folder, `lib.rs` the root.
fn module_of(path: &str) -> Vec<String> {
    let mut segments: Vec<String> = path
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_string)
        .collect();
    if matches!(segments.last().map(String::as_str), Some("mod" | "lib")) {
        segments.pop();
    }
    segments
}

/// The paths an import names after `prefix` (already resolved to
/// segments): `a::b` one, `{a, b::{c, d}}` each item, `self` the prefix.
fn expand(prefix: &[String], rest: &str, out: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    let mut rest = rest.trim_start();
    loop {
        if let Some(group) = rest.strip_prefix('{') {
            for item in group_items(group) {
                expand(&path, &item, out);
            }
            return;
        }
        let word: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if word.is_empty() {
            break;
        }
        if word != "self" {
            path.push(word.clone());
        }
        rest = &rest[word.len()..];
        match rest.strip_prefix("::") {
            Some(more) => rest = more,
            None => break,
        }
    }
    out.push(path);
}

/// The files each file of `files` imports: every `crate::`, `super::` and
/// `self::` path of its code (a test module at its end left out, and a
/// macro's `$crate::` paths, which name what its callers see), resolved to
/// the file of its longest module prefix; and a folder's face its children
/// (`mod x;`).
fn imports(files: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let by_module: BTreeMap<Vec<String>, &String> =
        files.keys().map(|path| (module_of(path), path)).collect();
    let resolve = |segments: &[String]| {
        (1..=segments.len())
            .rev()
            .find_map(|k| by_module.get(&segments[..k]).copied())
    };
    let mut edges = BTreeMap::new();
    for (path, text) in files {
        let code = code_of(text);
        let tests = code.match_indices("#[cfg(test)]").find(|(at, word)| {
            code[at + word.len()..]
                .trim_start()
                .starts_with("mod tests")
        });
        let code = &code[..tests.map_or(code.len(), |(at, _)| at)];
        let me = module_of(path);
        let mut named = Vec::new();
        for start in ["crate::", "super::", "self::"] {
            for (at, _) in code.match_indices(start) {
                let before = code[..at].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':' || c == '$') {
                    continue;
                }
                let mut base = match start {
                    "crate::" => Vec::new(),
                    "super::" => me[..me.len().saturating_sub(1)].to_vec(),
                    _ => me.clone(),
                };
                let mut rest = &code[at + start.len()..];
                while let Some(more) = rest.strip_prefix("super::") {
                    base.pop();
                    rest = more;
                }
                expand(&base, rest, &mut named);
            }
        }
        for line in code.lines().map(str::trim) {
            let declared = ["mod ", "pub mod ", "pub(crate) mod ", "pub(super) mod "]
                .iter()
                .find_map(|p| line.strip_prefix(p))
                .and_then(|rest| rest.strip_suffix(';'));
            if let Some(child) = declared {
                let mut segments = me.clone();
                segments.push(child.trim().to_string());
                named.push(segments);
            }
        }
        let targets: BTreeSet<String> = named
            .iter()
            .filter_map(|segments| resolve(segments))
            .filter(|target| *target != path)
            .cloned()
            .collect();
        edges.insert(path.clone(), targets);
    }
    edges
}

/// The circles of `edges`: each set of two or more files that import each
/// other, directly or through others (its strongly connected components,
/// by Tarjan's algorithm), each sorted.
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            for w in self.edges.get(v).into_iter().flatten() {
                if !self.index.contains_key(w.as_str()) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w.as_str()]);
                    self.low.insert(v, low);
                } else if self.stack.contains(&w.as_str()) {
                    let low = self.low[v].min(self.index[w.as_str()]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let at = self.stack.iter().rposition(|&s| s == v).unwrap_or(0);
                let mut circle: Vec<String> = self.stack.drain(at..).map(str::to_string).collect();
                if circle.len() > 1 {
                    circle.sort();
                    self.found.push(circle);
                }
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.found.sort();
    walk.found
}

#[test]
fn no_two_files_of_the_library_import_each_other_directly_or_through_others() {
    // The checker first, on a small house with one circle through a face
    // (a child importing what its folder's face re-exports), one direct,
    // and imports that make none: a grouped import, a nested one, `self`,
    // `super::super`, a macro's `$crate::` path, a test module's `super::*`.
    let house: BTreeMap<String, String> = [
        ("lib.rs", "mod a;\nmod b;\nmod c;"),
        ("a/mod.rs", "mod x;\nmod y;\npub use x::X;"),
        ("a/x.rs", "use super::Y; // super::nothing in a comment"),
        ("a/y.rs", "pub struct Y; fn f() { $crate::a::X }"),
        ("b.rs", "use crate::{c::C, a::{self, y::Y}};"),
        ("c.rs", "use crate::b::B;"),
        ("a/z/mod.rs", "use super::super::c::C;\n#[cfg(test)]\nmod tests { use super::*; use crate::a::z::W; }"),
    ]
    .into_iter()
    .map(|(p, t)| (p.to_string(), t.to_string()))
    .collect();
    assert_eq!(
        circles(&imports(&house)),
        [
            vec!["a/mod.rs".to_string(), "a/x.rs".to_string()],
            vec!["b.rs".to_string(), "c.rs".to_string()],
        ]
    );

    let mut files = BTreeMap::new();
    read_sources(&root().join("src"), "", &mut files);
    // The moves' faces hold their docs and re-exports only.
    for face in ["moves/mod.rs", "moves/block/mod.rs"] {
        let beyond = beyond_re_exports(&code_of(&files[face])).join("\n  ");
        assert!(
            beyond.is_empty(),
            "src/{face} holds docs and re-exports only:\n  {beyond}"
        );
    }
    let found = circles(&imports(&files));
    assert!(
        found.is_empty(),
        "files that import each other (put what they share in a leaf module, \
         and import a name from the file that defines it, not through a folder's face):\n{}",
        found
            .iter()
            .map(|circle| format!("  {}", circle.join(" ↔ ")))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_library_never_prints_and_computes_no_answer_in_floating_point() {
    let mut files = BTreeMap::new();
    read_sources(&root().join("src"), "", &mut files);
    for (path, text) in &files {
        let code = code_of(text);
        for word in [
            "println!",
            "eprintln!",
            "print!(",
            "eprint!(",
            "io::stdout",
            "io::stderr",
        ] {
            assert!(
                !code.contains(word),
                "src/{path} prints (`{word}`): front ends print"
            );
        }
        for word in ["f32", "f64"] {
            let found = code.match_indices(word).any(|(at, _)| {
                let before = code[..at].chars().next_back();
                let after = code[at + word.len()..].chars().next();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                    && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
            });
            assert!(!found, "src/{path} uses `{word}`: answers are exact");
        }
    }
}

#[test]
fn the_library_has_one_face() {
    // Every module is private: what is public is re-exported by name in
    // src/lib.rs, and the front ends compile against that alone.
    let lib = std::fs::read_to_string(root().join("src/lib.rs")).expect("src/lib.rs");
    let code = code_of(&lib);
    let declared: Vec<&str> = code
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("mod ") || l.contains(" mod "))
        .collect();
    assert!(declared.len() > 10, "{declared:?}");
    for line in declared {
        assert!(
            line.starts_with("mod "),
            "src/lib.rs declares a module other than private: {line}"
        );
    }
}

/// The block of docs/ARCHITECTURE.md that lists `src/`'s folders, each a
/// line beginning with its path.
fn listed_folders(doc: &str) -> Vec<String> {
    let section = doc
        .split("## The folders of `src/`")
        .nth(1)
        .and_then(|rest| rest.split("```\n").nth(1))
        .expect("docs/ARCHITECTURE.md lists the folders of src/ in a block");
    section
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|word| word.starts_with("src/"))
        .map(|word| word.trim_end_matches('/').to_string())
        .collect()
}

fn folders(dir: &Path, under: &str, out: &mut Vec<String>) {
    out.push(under.to_string());
    for entry in std::fs::read_dir(dir).expect("a folder reads") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            folders(&path, &format!("{under}/{name}"), out);
        }
    }
}

#[test]
fn architecture_names_every_folder_of_the_library() {
    let doc = std::fs::read_to_string(root().join("docs/ARCHITECTURE.md"))
        .expect("docs/ARCHITECTURE.md reads");
    let listed = listed_folders(&doc);
    let mut found = Vec::new();
    folders(&root().join("src"), "src", &mut found);
    assert!(found.len() > 20, "{found:?}");
    let missing: Vec<&String> = found.iter().filter(|f| !listed.contains(f)).collect();
    assert!(
        missing.is_empty(),
        "add to docs/ARCHITECTURE.md: {missing:?}"
    );
    let gone: Vec<&String> = listed.iter().filter(|f| !found.contains(f)).collect();
    assert!(
        gone.is_empty(),
        "docs/ARCHITECTURE.md lists folders src/ has not: {gone:?}"
    );
}

/// The table of docs/ARCHITECTURE.md "Errors": each row's codes (a family
/// `gamelang::WORD::*` or a code) and the text of its second cell.
fn error_rows(doc: &str) -> Vec<(Vec<String>, String)> {
    let section = doc
        .split("## Errors")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("docs/ARCHITECTURE.md has a section on errors");
    section
        .lines()
        .filter(|line| line.starts_with("| `gamelang::"))
        .map(|line| {
            let cells: Vec<&str> = line.split(" | ").collect();
            let codes = cells[0]
                .split('`')
                .filter(|c| c.starts_with("gamelang::"))
                .map(str::to_string)
                .collect();
            (codes, cells.get(1).copied().unwrap_or("").to_string())
        })
        .collect()
}

/// Whether `code` is `pattern`, a code or a family ending in `::*`.
fn matches(pattern: &str, code: &str) -> bool {
    match pattern.strip_suffix("::*") {
        Some(family) => code.starts_with(&format!("{family}::")),
        None => pattern == code,
    }
}

/// Every code in the source is in a row of the table whose second cell
/// names the file that declares it (`code(gamelang::…)`).
#[test]
fn the_table_of_error_codes_says_where_each_is_declared() {
    let doc = std::fs::read_to_string(root().join("docs/ARCHITECTURE.md"))
        .expect("docs/ARCHITECTURE.md reads");
    let rows = error_rows(&doc);
    assert!(rows.len() >= 8, "{rows:?}");
    let mut files = BTreeMap::new();
    read_sources(&root().join("src"), "src", &mut files);
    for front in ["gamelang-cli", "gamelang-lsp"] {
        let dir = root().join("crates").join(front).join("src");
        read_sources(&dir, &format!("crates/{front}/src"), &mut files);
    }
    let mut wrong = Vec::new();
    let mut codes = 0;
    for (path, text) in &files {
        let declared: std::collections::BTreeSet<String> = (text.split("code(gamelang::").skip(1))
            .filter_map(|rest| {
                let end =
                    rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))?;
                Some(format!("gamelang::{}", &rest[..end]))
            })
            .collect();
        for code in declared {
            codes += 1;
            let named = (rows.iter()).any(|(patterns, cell)| {
                patterns.iter().any(|p| matches(p, &code)) && cell.contains(&format!("`{path}`"))
            });
            if !named {
                wrong.push(format!("{code} declared in {path}"));
            }
        }
    }
    assert!(codes > 60, "{codes} codes read");
    assert!(
        wrong.is_empty(),
        "the error table of docs/ARCHITECTURE.md misses:\n{}",
        wrong.join("\n")
    );
}
