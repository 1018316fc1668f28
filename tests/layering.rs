//! ARCHITECTURE.md draws the runtime's and the derive's sources as layers,
//! top to bottom, each in a fenced block opened with ```` ```layers <folder> ````:
//! this test reads those diagrams and checks every `crate::`, `super::` and
//! `self::` path of the code in each folder against its diagram. A file may
//! use its own layer and the ones below it; it names an item by its home
//! module, never through the `lib.rs` re-exports; and the files of one
//! layer do not import each other in a circle. It also checks that every
//! source file and folder the document names exists.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fs;
use std::path::{Path, PathBuf};

/// The folders that must have a diagram.
const DRAWN: [&str; 3] = [
    "enum-schema-core/src",
    "enum-schema-core/src/ask",
    "enum-schema-derive/src",
];

/// Macros exported at the runtime's root, which have no other home.
const EXPORTED: [&str; 1] = ["__enum_schema_json_schema"];

/// Each diagram's folder and entries, top layer first: `field/`,
/// `version.rs`, ..
fn diagrams(architecture: &str) -> Vec<(String, Vec<String>)> {
    let mut found = Vec::new();
    let mut lines = architecture.lines();
    while let Some(line) = lines.next() {
        let Some(folder) = line.strip_prefix("```layers ") else {
            continue;
        };
        let layers = lines
            .by_ref()
            .take_while(|line| !line.starts_with("```"))
            .filter_map(|line| line.split_whitespace().next())
            .map(str::to_owned)
            .collect();
        found.push((folder.trim().to_owned(), layers));
    }
    found
}

/// The layer of a file (`schema/check.rs`) or folder (`schema/`): the most
/// specific entry naming it or a folder it is in.
fn layer_of(layers: &[String], path: &str) -> Option<usize> {
    layers
        .iter()
        .enumerate()
        .filter(|(_, entry)| {
            path == entry.as_str() || (entry.ends_with('/') && path.starts_with(entry.as_str()))
        })
        .max_by_key(|(_, entry)| entry.len())
        .map(|(index, _)| index)
}

fn sources(dir: &Path, root: &Path, found: &mut Vec<String>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, root, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            let relative = path.strip_prefix(root).unwrap();
            found.push(relative.to_string_lossy().replace('\\', "/"));
        }
    }
}

/// The code of a file without its comments (doc comments link to items
/// through the public paths, as users see them) and, unless
/// `keep_strings`, without the contents of its string and character
/// literals (an error message may quote a path, a `quote!` test a
/// `self::` of generated code).
fn code(text: &str, keep_strings: bool) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == '"'
            || (c == 'r' || c == 'b')
                && !i.checked_sub(1).is_some_and(|before| ident(chars[before]))
                && raw_string(&chars[i..]).is_some()
        {
            // `"..."`, `b"..."`, `r#"..."#`, `br"..."`.
            let start = i;
            let hashes = if c == '"' {
                None
            } else {
                let (prefix, hashes) = raw_string(&chars[i..]).unwrap();
                i += prefix;
                hashes
            };
            i += 1;
            while i < chars.len() {
                match (chars[i], hashes) {
                    ('\\', None) => i += 2,
                    ('"', None) => break,
                    ('"', Some(hashes))
                        if chars[i + 1..]
                            .iter()
                            .take(hashes)
                            .filter(|&&c| c == '#')
                            .count()
                            == hashes =>
                    {
                        i += hashes;
                        break;
                    }
                    _ => i += 1,
                }
            }
            i += 1;
            let end = i.min(chars.len());
            if keep_strings {
                out.extend(&chars[start..end]);
            } else {
                out.push_str("\"\"");
            }
        } else if c == '\'' && (next == Some('\\') || chars.get(i + 2) == Some(&'\'')) {
            // A character literal, not a lifetime.
            let start = i;
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            if keep_strings {
                out.extend(&chars[start..i.min(chars.len())]);
            } else {
                out.push_str("' '");
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// At an `r` or `b` that starts a raw or byte string: how many characters
/// come before its opening `"`, and its number of `#`s (`None`: not raw).
fn raw_string(chars: &[char]) -> Option<(usize, Option<usize>)> {
    let mut at = 0;
    if chars.first() == Some(&'b') {
        at = 1;
        if chars.get(1) == Some(&'"') {
            return Some((1, None));
        }
    }
    if chars.get(at) != Some(&'r') {
        return None;
    }
    at += 1;
    let hashes = chars[at..].iter().take_while(|&&c| c == '#').count();
    (chars.get(at + hashes) == Some(&'"')).then_some((at + hashes, Some(hashes)))
}

/// The module a file is: `field/select.rs` is `field::select`,
/// `field/mod.rs` is `field`, `lib.rs` the crate root.
fn module_of(file: &str) -> Vec<String> {
    let path = file.strip_suffix(".rs").unwrap();
    let mut module: Vec<String> = path.split('/').map(str::to_owned).collect();
    if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
        module.pop();
    }
    module
}

/// One path of the code, as written (`super::super::schema::Rule`), and
/// the module path it names from the crate root (`["schema", "Rule"]`);
/// `None` for a path above the crate root.
#[derive(Debug, PartialEq)]
struct Named {
    written: String,
    path: Option<Vec<String>>,
    /// Whether the path is in a `pub use` (or `pub(crate) use`, ..): a
    /// re-export, which shows the item without using it.
    reexport: bool,
}

/// Every path of `code` that starts with `crate::`, `super::` or `self::`,
/// resolved from `module`, the module of the file, and from the inline
/// modules (`mod tests { .. }`) it is written in; a use group `{a::b, c}`
/// gives one path per item.
fn named(code: &str, module: &[String]) -> Vec<Named> {
    let chars: Vec<char> = code.chars().collect();
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut found = Vec::new();
    // The inline modules around the scan, with the brace depth inside each.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut opens_module: Option<String> = None;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '{' {
            depth += 1;
            if let Some(name) = opens_module.take() {
                inline.push((name, depth));
            }
            i += 1;
            continue;
        }
        if c == '}' {
            if inline.last().is_some_and(|(_, at)| *at == depth) {
                inline.pop();
            }
            depth = depth.saturating_sub(1);
            i += 1;
            continue;
        }
        if !ident(c) {
            if !c.is_whitespace() {
                opens_module = None;
            }
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && ident(chars[i]) {
            i += 1;
        }
        let word: String = chars[start..i].iter().collect();
        let before = chars[..start].iter().rev().find(|c| !c.is_whitespace());
        if opens_module.as_deref() == Some("") {
            opens_module = Some(word.clone());
            continue;
        }
        opens_module = None;
        if word == "mod" {
            opens_module = Some(String::new());
            continue;
        }
        // `$crate::` is for exported macros, which must use public paths;
        // after `::` or `.`, the word is not the start of a path.
        let starts = !matches!(before, Some('$' | ':' | '.'))
            && matches!(word.as_str(), "crate" | "super" | "self")
            && chars.get(i) == Some(&':')
            && chars.get(i + 1) == Some(&':');
        if !starts {
            continue;
        }
        let rest: String = chars[i + 2..].iter().take(4000).collect();
        let reexport = is_reexport(&chars[..start]);
        let mut here: Vec<String> = module.to_vec();
        here.extend(inline.iter().map(|(name, _)| name.clone()));
        for path in tree(&rest) {
            let mut segments = vec![word.clone()];
            segments.extend(path);
            let mut written = segments.clone();
            if written.len() > 1 && written.last().is_some_and(|last| last == "self") {
                written.pop();
            }
            found.push(Named {
                written: written.join("::"),
                path: resolve(&here, &segments),
                reexport,
            });
        }
        // Past the tree, whose inner `super::`s it has resolved.
        i += 2 + rest[..extent(&rest)].chars().count();
    }
    found
}

/// Whether the code `before` a path ends with `pub use` or `pub(..) use`.
fn is_reexport(before: &[char]) -> bool {
    let before: String = before[before.len().saturating_sub(60)..].iter().collect();
    let Some(rest) = before.trim_end().strip_suffix("use") else {
        return false;
    };
    if !rest.ends_with(char::is_whitespace) {
        return false;
    }
    let rest = rest.trim_end();
    if let Some(scope) = rest.strip_suffix(')') {
        return scope
            .rfind("pub(")
            .is_some_and(|open| !scope[open..].contains(')'));
    }
    rest.strip_suffix("pub")
        .is_some_and(|rest| !rest.ends_with(|c: char| c.is_alphanumeric() || c == '_'))
}

/// Whether `code` uses the item `name` outside its `use` declarations:
/// a re-exported item the file also uses is a use.
fn uses(code: &str, name: &str) -> bool {
    let mut rest = code;
    let mut outside = String::new();
    let boundary = |c: Option<char>| !c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    while let Some(at) = rest.find("use") {
        let starts =
            boundary(rest[..at].chars().next_back()) && boundary(rest[at + 3..].chars().next());
        if !starts {
            outside.push_str(&rest[..at + 3]);
            rest = &rest[at + 3..];
            continue;
        }
        outside.push_str(&rest[..at]);
        rest = rest[at..].find(';').map_or("", |end| &rest[at + end + 1..]);
    }
    outside.push_str(rest);
    let mut from = 0;
    while let Some(at) = outside[from..].find(name) {
        let at = from + at;
        if boundary(outside[..at].chars().next_back())
            && boundary(outside[at + name.len()..].chars().next())
        {
            return true;
        }
        from = at + name.len();
    }
    false
}

/// The length of the use tree at the start of `text`, as `tree` reads it.
fn extent(text: &str) -> usize {
    let trimmed = text.trim_start();
    let blank = text.len() - trimmed.len();
    if trimmed.starts_with('{') {
        let mut depth = 0;
        for (index, c) in trimmed.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 1 => return blank + index + 1,
                '}' => depth -= 1,
                _ => {}
            }
        }
        return text.len();
    }
    let ident = trimmed
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(trimmed.len());
    match trimmed[ident..].strip_prefix("::") {
        Some(next) if ident > 0 => blank + ident + 2 + extent(next),
        _ => blank + ident,
    }
}

/// The module path `segments` name from the module `here`: `crate` is the
/// root, each `super` one module up, `self` here.
fn resolve(here: &[String], segments: &[String]) -> Option<Vec<String>> {
    let mut path = here.to_vec();
    for (index, segment) in segments.iter().enumerate() {
        match segment.as_str() {
            "crate" if index == 0 => path.clear(),
            "self" | "*" => {}
            "super" => {
                path.pop()?;
            }
            _ => path.push(segment.clone()),
        }
    }
    Some(path)
}

/// The paths of a use tree at the start of `text`: a group `{a::b, c}`
/// gives one path per item, a glob its `*`.
fn tree(text: &str) -> Vec<Vec<String>> {
    let text = text.trim_start();
    if let Some(group) = text.strip_prefix('{') {
        let mut depth = 0;
        let mut items = Vec::new();
        let mut start = 0;
        for (index, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    items.push(&group[start..index]);
                    break;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    items.push(&group[start..index]);
                    start = index + 1;
                }
                _ => {}
            }
        }
        return items
            .into_iter()
            .filter(|item| !item.trim().is_empty())
            .flat_map(tree)
            .collect();
    }
    if text.starts_with('*') {
        return vec![vec!["*".to_owned()]];
    }
    let ident: String = text
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    if ident.is_empty() {
        return vec![Vec::new()];
    }
    match text[ident.len()..].strip_prefix("::") {
        Some(next) => tree(next)
            .into_iter()
            .map(|mut path| {
                path.insert(0, ident.clone());
                path
            })
            .collect(),
        None => vec![vec![ident]],
    }
}

/// The file a module path lands in: the file of its longest prefix that
/// is a module of `files` (`a.rs` or `a/mod.rs`, and `a/b.rs` below
/// either); `lib.rs` for an item of the root.
fn file_of(files: &BTreeSet<String>, path: &[String]) -> String {
    let mut landed = "lib.rs".to_owned();
    let mut folder = String::new();
    for segment in path {
        let file = format!("{folder}{segment}.rs");
        let module = format!("{folder}{segment}/mod.rs");
        if files.contains(&file) {
            landed = file;
        } else if files.contains(&module) {
            landed = module;
        } else {
            break;
        }
        folder = format!("{folder}{segment}/");
    }
    landed
}

/// What breaks the diagram `layers` of the folder `inner` of a crate (`""`
/// for its `src/` itself, `ask/` for a module drawn in layers of its own)
/// in `sources` (each file's path under the crate's `src/`, and its text):
/// a file of the folder in no layer, a path through `lib.rs` or above the
/// root, a use of a layer above, a circle in a layer. A path from a file of
/// an inner folder to a file outside it is the crate's diagram's to check.
fn check(layers: &[String], sources: &BTreeMap<String, String>, inner: &str) -> Vec<String> {
    let files: BTreeSet<String> = sources.keys().cloned().collect();
    let drawn = |file: &str| file.strip_prefix(inner).map(str::to_owned);
    let layer_of = |file: &str| drawn(file).and_then(|file| layer_of(layers, &file));
    let mut broken = Vec::new();
    // The imports between two files of one layer: (from, to) to a path.
    let mut edges: BTreeMap<(String, String), String> = BTreeMap::new();
    let checked = sources
        .iter()
        .filter(|(file, _)| *file != "lib.rs" && file.starts_with(inner));
    for (file, text) in checked {
        let Some(layer) = layer_of(file) else {
            broken.push(format!("{file} is in no layer of the diagram"));
            continue;
        };
        let code = code(text, false);
        for named in named(&code, &module_of(file)) {
            let Named {
                written,
                path,
                reexport,
            } = named;
            let Some(path) = path else {
                broken.push(format!("{file}: `{written}` goes above the crate root"));
                continue;
            };
            let landed = file_of(&files, &path);
            if landed == *file || !landed.starts_with(inner) {
                continue;
            }
            if landed == "lib.rs" {
                if !path
                    .first()
                    .is_some_and(|first| EXPORTED.contains(&first.as_str()))
                {
                    broken.push(format!(
                        "{file}: `{written}` goes through lib.rs; name it by its home module"
                    ));
                }
                continue;
            }
            match layer_of(&landed) {
                Some(target) if target < layer => broken.push(format!(
                    "{file} ({}) uses `{written}` ({landed}, the layer {} above it)",
                    layers[layer], layers[target]
                )),
                // An item re-exported and not used here is no edge of a
                // circle: `schema/mod.rs` shows `read::SchemaError`, which
                // `read.rs` builds from `schema/mod.rs`'s types.
                Some(target) if target == layer => {
                    let item = written.rsplit("::").next().unwrap();
                    if !reexport || item == "*" || uses(&code, item) {
                        edges.entry((file.clone(), landed)).or_insert(written);
                    }
                }
                _ => {}
            }
        }
    }
    broken.extend(circles(&edges).into_iter().map(|circle| {
        let layer = &layers[layer_of(&circle[0].0).unwrap()];
        let steps: Vec<String> = circle
            .iter()
            .map(|(from, to)| {
                format!(
                    "{from} uses `{}` ({to})",
                    edges[&(from.clone(), to.clone())]
                )
            })
            .collect();
        format!("a circle in the layer {layer}: {}", steps.join(", "))
    }));
    // A path written twice in a file (its tests, say) is said once.
    let mut said = BTreeSet::new();
    broken.retain(|problem| said.insert(problem.clone()));
    broken
}

/// One circle per group of files that import each other, directly or
/// through others: its steps, from the group's first file back to it.
fn circles(edges: &BTreeMap<(String, String), String>) -> Vec<Vec<(String, String)>> {
    let next = |file: &str| -> Vec<&String> {
        edges
            .keys()
            .filter(|(from, _)| from == file)
            .map(|(_, to)| to)
            .collect()
    };
    // The shortest way from `from` to `to` (`from` included), if any.
    let way = |from: &str, to: &str| -> Option<Vec<String>> {
        let mut came: BTreeMap<String, String> = BTreeMap::new();
        let mut queue = VecDeque::from([from.to_owned()]);
        while let Some(at) = queue.pop_front() {
            for step in next(&at) {
                if step == to {
                    let mut way = vec![at.clone()];
                    while let Some(before) = came.get(way.last().unwrap()) {
                        way.push(before.clone());
                    }
                    way.reverse();
                    return Some(way);
                }
                if step != from && !came.contains_key(step) {
                    came.insert(step.clone(), at.clone());
                    queue.push_back(step.clone());
                }
            }
        }
        None
    };
    let files: BTreeSet<&String> = edges.keys().map(|(from, _)| from).collect();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut found = Vec::new();
    for file in files {
        if seen.contains(file.as_str()) {
            continue;
        }
        let Some(circle) = way(file, file) else {
            continue;
        };
        // Every file the circle's files reach and are reached from.
        for other in edges.keys().flat_map(|(from, to)| [from, to]) {
            if way(file, other).is_some() && way(other, file).is_some() {
                seen.insert(other.clone());
            }
        }
        let steps = circle
            .iter()
            .zip(circle.iter().skip(1).chain([file]))
            .map(|(from, to)| (from.clone(), to.clone()))
            .collect();
        found.push(steps);
    }
    found
}

#[test]
fn every_import_follows_the_diagrams() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let architecture = fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let diagrams = diagrams(&architecture);
    let folders: Vec<&str> = diagrams.iter().map(|(folder, _)| folder.as_str()).collect();
    assert_eq!(folders, DRAWN, "ARCHITECTURE.md draws each crate's layers");
    let mut broken = Vec::new();
    for (folder, layers) in &diagrams {
        assert!(
            layers.len() >= 5,
            "the diagram of {folder} lists the layers: {layers:?}"
        );
        // The crate's `src/`: the folder, or the nearest one above it with
        // a `lib.rs`.
        let mut src = root.join(folder);
        while !src.join("lib.rs").exists() {
            src.pop();
        }
        let inner = root.join(folder);
        let inner = match inner.strip_prefix(&src).unwrap().to_string_lossy() {
            relative if relative.is_empty() => String::new(),
            relative => format!("{}/", relative.replace('\\', "/")),
        };
        let mut files = Vec::new();
        sources(&src, &src, &mut files);
        let sources = files
            .into_iter()
            .map(|file| {
                let text = fs::read_to_string(src.join(&file)).unwrap();
                (file, text)
            })
            .collect();
        broken.extend(
            check(layers, &sources, &inner)
                .into_iter()
                .map(|problem| format!("{folder}: {problem}")),
        );
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

/// The endings of a source file's name: a code span ending in one of them,
/// or in `/`, names a path (`schema.json`, `Cargo.toml` do not).
const SOURCE_ENDINGS: [&str; 3] = [".rs", ".sh", ".py"];

/// The code spans of a line of markdown: each text between a run of
/// backticks and the next run of as many (```` ```layers <folder> ```` is
/// one span), trimmed.
fn code_spans(line: &str) -> Vec<&str> {
    let run = |text: &str| text.len() - text.trim_start_matches('`').len();
    let mut spans = Vec::new();
    let mut rest = line;
    while let Some(open) = rest.find('`') {
        let ticks = run(&rest[open..]);
        let body = &rest[open + ticks..];
        let mut at = 0;
        let mut close = None;
        while let Some(found) = body[at..].find('`') {
            let start = at + found;
            let length = run(&body[start..]);
            if length == ticks {
                close = Some(start);
                break;
            }
            at = start + length;
        }
        match close {
            Some(close) => {
                spans.push(body[..close].trim());
                rest = &body[close + ticks..];
            }
            // An unmatched run is literal backticks.
            None => rest = body,
        }
    }
    spans
}

/// Whether a code span names a path: one word ending in a source ending
/// or in `/`.
fn is_path(span: &str) -> bool {
    span.len() > 1
        && !span.contains(char::is_whitespace)
        && !span.contains("://")
        && (span.ends_with('/') || SOURCE_ENDINGS.iter().any(|ending| span.ends_with(ending)))
}

/// `folder/path`, with `folder` given with or without its last `/`
/// (`""`: the repository root).
fn join(folder: &str, path: &str) -> String {
    match folder.trim_end_matches('/') {
        "" => path.to_owned(),
        folder => format!("{folder}/{path}"),
    }
}

/// Where a path named relative to `folders` may be, innermost first: under
/// each of the folders, then under each folder above it, up to the root.
fn candidates(path: &str, folders: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for folder in folders {
        let mut folder = folder.trim_end_matches('/');
        loop {
            let candidate = join(folder, path);
            if !found.contains(&candidate) {
                found.push(candidate);
            }
            if folder.is_empty() {
                break;
            }
            folder = folder.rsplit_once('/').map_or("", |(above, _)| above);
        }
    }
    found
}

/// The source paths `architecture` names that `exists` does not find,
/// each with its line, and how many paths it names, by the rule of
/// `every_path_architecture_names_exists`.
fn missing_paths(architecture: &str, exists: impl Fn(&str) -> bool) -> (usize, Vec<String>) {
    let lines: Vec<&str> = architecture.lines().collect();
    let fence = |line: &str| line.trim_start().starts_with("```");
    // Each line's section (0 before the first heading) and each section's
    // folders, found first: a section's `layers` block may follow its text.
    let mut section_of = Vec::with_capacity(lines.len());
    let mut section_folders: Vec<Vec<String>> = vec![Vec::new()];
    let mut all_layers = Vec::new();
    let mut fenced = false;
    for line in &lines {
        if fence(line) {
            fenced = !fenced;
            if let Some(folder) = line.trim_start().strip_prefix("```layers ") {
                section_folders
                    .last_mut()
                    .unwrap()
                    .push(folder.trim().to_owned());
                all_layers.push(folder.trim().to_owned());
            }
        } else if !fenced && line.starts_with('#') {
            let heading = code_spans(line)
                .into_iter()
                .filter(|span| is_path(span) && span.ends_with('/'));
            section_folders.push(heading.map(str::to_owned).collect());
        }
        section_of.push(section_folders.len() - 1);
    }
    for folders in &mut section_folders {
        if folders.is_empty() {
            folders.clone_from(&all_layers);
        }
    }
    let resolve = |path: &str, folders: &[String]| {
        candidates(path, folders)
            .into_iter()
            .find(|candidate| exists(candidate))
    };
    let mut named = 0;
    let mut missing = Vec::new();
    let mut layers: Option<String> = None;
    fenced = false;
    for (index, line) in lines.iter().enumerate() {
        let number = index + 1;
        if fence(line) {
            fenced = !fenced;
            layers = line
                .trim_start()
                .strip_prefix("```layers ")
                .map(|folder| folder.trim().to_owned());
            continue;
        }
        if fenced {
            if let (Some(folder), Some(entry)) = (&layers, line.split_whitespace().next()) {
                named += 1;
                let path = join(folder, entry);
                if !exists(&path) {
                    missing.push(format!("line {number}: `{entry}` ({path})"));
                }
            }
            continue;
        }
        let section = &section_folders[section_of[index]];
        let mut folders = section.clone();
        if let Some(first) = line
            .trim_start()
            .strip_prefix('|')
            .and_then(|row| row.split('|').next())
        {
            if let [cell] = code_spans(first)[..] {
                if is_path(cell) && cell.ends_with('/') {
                    if let Some(folder) = resolve(cell, section) {
                        folders.insert(0, folder);
                    }
                }
            }
        }
        for span in code_spans(line).into_iter().filter(|span| is_path(span)) {
            named += 1;
            if resolve(span, &folders).is_none() {
                missing.push(format!(
                    "line {number}: `{span}` (under none of {} nor a folder above)",
                    folders.join(", ")
                ));
            }
        }
    }
    (named, missing)
}

/// Every source file and folder ARCHITECTURE.md names exists.
///
/// What counts as a path: the first word of a line of a
/// ```` ```layers <folder> ```` block, which must be in that folder; and
/// elsewhere (outside fenced blocks) a code span of one word ending in
/// `.rs`, `.sh`, `.py` or `/`, which must be under the folder it is named
/// in or a folder above that one (so up to the repository root). The
/// folder a span is named in: in a table row whose first cell is a folder,
/// that folder (itself found this way); otherwise the folders of its
/// section, which are the code spans ending in `/` of its heading and the
/// folders of its `layers` blocks; in a section with neither, the folders
/// of every `layers` block of the document. So the table under "The wire
/// model, `enum-schema-core/src/schema/`" names `mod.rs`, the one under
/// the elicitation core `ask/round.rs` (found under `enum-schema-core/src`),
/// and any section `tests/layering.rs` (found at the root). Anything else
/// in backticks (`schema.json`, `Cargo.toml`, `enum_schema::ask`) is prose.
#[test]
fn every_path_architecture_names_exists() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let architecture = fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let (named, missing) = missing_paths(&architecture, |path| {
        let path = root.join(path);
        path.exists()
    });
    assert!(named >= 50, "ARCHITECTURE.md names only {named} paths");
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names paths that do not exist:\n{}",
        missing.join("\n")
    );
}

/// The reader of paths finds them where the rule says, and only there.
#[test]
fn the_path_reader_resolves_by_section() {
    let markdown = [
        "# Top",
        "See `tests/a.rs`, `lib.rs`, `Cargo.toml`, `a::b`, `x y.rs`, ```` ```layers <folder> ````.",
        "```layers crate/src",
        "  one.rs   the top",
        "  two/     below",
        "  three.rs gone",
        "```",
        "## The parts, `crate/src/two/`",
        "| file | owns |",
        "|---|---|",
        "| `mod.rs` | `one.rs` beside |",
        "| `deep/` | `leaf.rs`, `gone.rs` |",
        "```rust",
        "let x = `not.rs`;",
        "```",
        "## Flows",
        "`two/mod.rs` and `missing.sh`, `` gone.py ``",
    ]
    .join("\n");
    let files = [
        "tests/a.rs",
        "crate/src/lib.rs",
        "crate/src/one.rs",
        "crate/src/two/",
        "crate/src/two/mod.rs",
        "crate/src/two/deep/",
        "crate/src/two/deep/leaf.rs",
    ];
    let (named, missing) = missing_paths(&markdown, |path| files.contains(&path));
    assert_eq!(named, 14);
    assert_eq!(
        missing,
        [
            "line 6: `three.rs` (crate/src/three.rs)",
            "line 12: `gone.rs` (under none of crate/src/two/deep/, crate/src/two/ nor a folder above)",
            "line 17: `missing.sh` (under none of crate/src nor a folder above)",
            "line 17: `gone.py` (under none of crate/src nor a folder above)",
        ]
    );
}

fn synthetic(files: &[(&str, &str)]) -> BTreeMap<String, String> {
    files
        .iter()
        .map(|(file, text)| ((*file).to_owned(), (*text).to_owned()))
        .collect()
}

fn entries(layers: &[&str]) -> Vec<String> {
    layers.iter().map(|&layer| layer.to_owned()).collect()
}

#[test]
fn the_diagram_reader_reads_use_trees() {
    let paths = |code: &str| -> Vec<String> {
        named(code, &[])
            .into_iter()
            .map(|named| named.path.unwrap().join("::"))
            .collect()
    };
    assert_eq!(
        paths("use crate::{a::b, c::{d, e}};\nlet x = crate::f::g(1);"),
        ["a::b", "c::d", "c::e", "f::g"]
    );
    assert_eq!(paths("$crate::a::b"), Vec::<String>::new());
    let layers = entries(&["top/", "top/leaf.rs", "low.rs"]);
    assert_eq!(layer_of(&layers, "top/mod.rs"), Some(0));
    assert_eq!(layer_of(&layers, "top/leaf.rs"), Some(1));
    assert_eq!(layer_of(&layers, "low.rs"), Some(2));
    assert_eq!(layer_of(&layers, "other.rs"), None);
}

#[test]
fn the_code_is_read_without_comments_and_literals() {
    let text = "use crate::a; // crate::b\n/* crate::c /* crate::d */ */\n\
                let s = \"crate::e\"; let r = r#\"crate::f \"# ; let c = '\"';\n\
                fn g<'a>(x: &'a str) { crate::h::i(x) }";
    let named: Vec<String> = named(&code(text, false), &[])
        .into_iter()
        .map(|named| named.written)
        .collect();
    assert_eq!(named, ["crate::a", "crate::h::i"]);
    assert!(code(text, true).contains("\"crate::e\""));
}

/// `super::super::` and `self::` land where the compiler resolves them,
/// from the inline module they are written in.
#[test]
fn chained_super_and_self_are_resolved() {
    let here = module_of("a/b/c.rs");
    let landed = |code: &str| -> Vec<Option<String>> {
        named(code, &here)
            .into_iter()
            .map(|named| named.path.map(|path| path.join("::")))
            .collect()
    };
    assert_eq!(landed("use super::super::X;"), [Some("a::X".into())]);
    assert_eq!(
        landed("use super::super::super::top::X;"),
        [Some("top::X".into())]
    );
    assert_eq!(landed("use self::d::Y;"), [Some("a::b::c::d::Y".into())]);
    assert_eq!(
        landed("mod tests { use super::*; use super::super::Z; }"),
        [Some("a::b::c".into()), Some("a::b::Z".into())]
    );
    assert_eq!(
        landed("use super::{super::P, Q};"),
        [Some("a::P".into()), Some("a::b::Q".into())]
    );
    assert_eq!(landed("super::super::super::super::W"), [None]);

    let layers = entries(&["top.rs", "a/"]);
    let files = |c: &str| {
        synthetic(&[
            ("lib.rs", ""),
            ("top.rs", ""),
            ("a/mod.rs", ""),
            ("a/b/mod.rs", ""),
            ("a/b/c.rs", c),
        ])
    };
    // The import the old reader passed unchecked.
    assert_eq!(
        check(&layers, &files("use super::super::super::top::X;"), ""),
        ["a/b/c.rs (a/) uses `super::super::super::top::X` (top.rs, the layer top.rs above it)"]
    );
    assert_eq!(
        check(&layers, &files("mod tests { use super::super::super::super::top::X; }"), ""),
        ["a/b/c.rs (a/) uses `super::super::super::super::top::X` (top.rs, the layer top.rs above it)"]
    );
    assert_eq!(
        check(&layers, &files("use super::super::super::Reexported;"), ""),
        ["a/b/c.rs: `super::super::super::Reexported` goes through lib.rs; name it by its home module"]
    );
    assert_eq!(
        check(&layers, &files("use super::super::super::super::X;"), ""),
        ["a/b/c.rs: `super::super::super::super::X` goes above the crate root"]
    );
    // Below and beside: allowed.
    assert!(check(
        &layers,
        &files("use super::super::X; mod tests { use super::*; }"),
        ""
    )
    .is_empty());
}

/// A folder drawn in layers of its own (`x/`) is checked against its
/// diagram, paths to files outside it left to the crate's.
#[test]
fn an_inner_folder_follows_its_own_diagram() {
    let layers = entries(&["top.rs", "low.rs"]);
    let sources = synthetic(&[
        ("lib.rs", ""),
        ("y.rs", ""),
        ("x/mod.rs", "mod top; mod low;"),
        ("x/top.rs", "use super::low::L; use crate::y::Y;"),
        ("x/low.rs", "use crate::x::top::T; use crate::y::Y;"),
    ]);
    assert_eq!(
        check(&layers, &sources, "x/"),
        [
            "x/low.rs (low.rs) uses `crate::x::top::T` (x/top.rs, the layer top.rs above it)",
            "x/mod.rs is in no layer of the diagram"
        ]
    );
}

/// Two files of one layer that import each other, directly or around a
/// longer circle, are refused; one-way imports are not.
#[test]
fn circles_in_a_layer_are_refused() {
    let layers = entries(&["x/", "y.rs", "z.rs"]);
    let sources = synthetic(&[
        ("lib.rs", ""),
        ("x/mod.rs", ""),
        ("x/a.rs", "use super::b::B;"),
        ("x/b.rs", "use crate::x::c::{self, C};"),
        ("x/c.rs", "use super::a::A; use crate::y::Y;"),
        ("x/d.rs", "use super::a::A;"),
        ("y.rs", "use crate::z::Z;"),
        ("z.rs", ""),
    ]);
    assert_eq!(
        check(&layers, &sources, ""),
        [
            "a circle in the layer x/: x/a.rs uses `super::b::B` (x/b.rs), \
          x/b.rs uses `crate::x::c` (x/c.rs), x/c.rs uses `super::a::A` (x/a.rs)"
        ]
    );
    let pair = synthetic(&[
        ("lib.rs", ""),
        ("x/mod.rs", "pub(crate) fn f() { self::inner::g() } mod inner { pub fn g() { super::super::x::h() } }"),
        ("x/a.rs", "use super::b::B; pub struct A;"),
        ("x/b.rs", "pub struct B(crate::x::a::A);"),
        ("y.rs", ""),
        ("z.rs", ""),
    ]);
    assert_eq!(
        check(&layers, &pair, ""),
        [
            "a circle in the layer x/: x/a.rs uses `super::b::B` (x/b.rs), \
          x/b.rs uses `crate::x::a::A` (x/a.rs)"
        ]
    );
    // A re-export is no use, unless the file uses the item too.
    let reexport = |code: &str| {
        synthetic(&[
            ("lib.rs", ""),
            ("x/mod.rs", code),
            ("x/a.rs", "use crate::x::Shown; pub struct A;"),
            ("y.rs", ""),
            ("z.rs", ""),
        ])
    };
    assert!(check(
        &layers,
        &reexport("pub use self::a::A; pub struct Shown;"),
        ""
    )
    .is_empty());
    assert!(check(
        &layers,
        &reexport("pub(crate) use self::a::A;\n// A\npub struct Shown;"),
        ""
    )
    .is_empty());
    assert_eq!(
        check(
            &layers,
            &reexport("pub use self::a::A; pub struct Shown(A);"),
            ""
        ),
        [
            "a circle in the layer x/: x/a.rs uses `crate::x::Shown` (x/mod.rs), \
          x/mod.rs uses `self::a::A` (x/a.rs)"
        ]
    );
    assert_eq!(
        check(&layers, &reexport("use self::a::A; pub struct Shown;"), ""),
        [
            "a circle in the layer x/: x/a.rs uses `crate::x::Shown` (x/mod.rs), \
          x/mod.rs uses `self::a::A` (x/a.rs)"
        ]
    );
    let one_way = synthetic(&[
        ("lib.rs", ""),
        ("x/mod.rs", ""),
        ("x/a.rs", "use super::b::B;"),
        ("x/b.rs", "use super::mod_rs_item;"),
        ("y.rs", ""),
        ("z.rs", ""),
    ]);
    assert!(check(&layers, &one_way, "").is_empty());
}

/// Each crate has its own diagram, and a file that no diagram entry
/// names is refused.
#[test]
fn each_folder_has_its_own_diagram() {
    let markdown = "# A\n\n```layers one/src\n  top.rs   the top\n  low/     below\n```\n\n\
                    text\n\n```rust\nnot_a_layer();\n```\n\n```layers two/src\nderives/\nast.rs\n```\n";
    assert_eq!(
        diagrams(markdown),
        [
            ("one/src".to_owned(), entries(&["top.rs", "low/"])),
            ("two/src".to_owned(), entries(&["derives/", "ast.rs"])),
        ]
    );
    let layers = entries(&["derives/", "ast.rs"]);
    let sources = synthetic(&[
        ("lib.rs", "mod ast; mod derives; mod manifest;"),
        ("derives/mod.rs", "use crate::ast::Enum;"),
        (
            "ast.rs",
            "use crate::manifest::Found; use crate::derives::view;",
        ),
        ("manifest.rs", ""),
    ]);
    assert_eq!(
        check(&layers, &sources, ""),
        [
            "ast.rs (ast.rs) uses `crate::derives::view` (derives/mod.rs, the layer derives/ above it)",
            "manifest.rs is in no layer of the diagram",
        ]
    );
}

/// The elicitation core is written once for every SDK: nothing in
/// `ask/` names one.
#[test]
fn the_core_names_no_sdk() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let ask = root.join("enum-schema-core/src/ask");
    let mut files = Vec::new();
    sources(&ask, &ask, &mut files);
    assert!(files.len() >= 5, "{files:?}");
    for file in files {
        let text = code(&fs::read_to_string(ask.join(&file)).unwrap(), true);
        for sdk in ["rmcp", "rust_mcp", "tower_mcp"] {
            assert!(!text.contains(sdk), "ask/{file} names {sdk}");
        }
    }
}
