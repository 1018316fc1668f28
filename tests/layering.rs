//! ARCHITECTURE.md draws the runtime crate as layers, top to bottom: this
//! test reads that diagram and checks every `crate::` and `super::` path in
//! `enum-schema-core/src` against it. A file may use its own layer and the ones
//! below it, and names an item by its home module, never through the
//! `lib.rs` re-exports.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The diagram's entries, top layer first: `field/`, `form.rs`, ..
fn layers(architecture: &str) -> Vec<String> {
    let start = architecture
        .find("```\n")
        .expect("ARCHITECTURE.md opens with the layer diagram");
    let body = &architecture[start + 4..];
    let end = body.find("```").expect("the diagram is closed");
    body[..end]
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_owned)
        .collect()
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
/// through the public paths, as users see them).
fn code(text: &str) -> String {
    text.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The module paths named after each `crate::` (or `super::`, as `prefix`
/// says) in `code`: `schema::option::EnumOption` is `["schema", "option",
/// "EnumOption"]`; a group `{a::b, c}` gives one path per item.
fn paths(code: &str, prefix: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(prefix) {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + prefix.len()..];
        // `$crate::` is for exported macros, which must use public paths.
        if before.is_some_and(|c| c == '$' || c.is_alphanumeric() || c == '_') {
            continue;
        }
        found.extend(tree(rest).into_iter().filter(|path| !path.is_empty()));
    }
    found
}

/// The paths of a use tree at the start of `text`.
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
        return items.into_iter().flat_map(tree).collect();
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

/// The file or folder a module path lands in, from `base` (a folder of
/// `src/`, `""` for the crate root): as far as the segments name modules.
fn target(src: &Path, base: &str, path: &[String]) -> Option<String> {
    let mut at = base.to_owned();
    let mut landed = None;
    for segment in path {
        let file = format!("{at}{segment}.rs");
        let folder = format!("{at}{segment}/");
        if src.join(&file).is_file() {
            landed = Some(file);
            break;
        } else if src.join(&folder).is_dir() {
            at = folder.clone();
            landed = Some(folder);
        } else {
            break;
        }
    }
    landed
}

#[test]
fn every_import_follows_the_diagram() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let architecture = fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let layers = layers(&architecture);
    assert!(
        layers.len() >= 5,
        "the diagram lists the layers: {layers:?}"
    );
    let src = root.join("enum-schema-core/src");
    let mut files = Vec::new();
    sources(&src, &src, &mut files);
    files.sort();
    // Macros exported at the crate root, which have no other home.
    let exported: BTreeSet<&str> = ["__enum_schema_json_schema"].into();
    let mut broken = Vec::new();
    for file in files.iter().filter(|file| *file != "lib.rs") {
        let Some(layer) = layer_of(&layers, file) else {
            broken.push(format!("{file} is in no layer of the diagram"));
            continue;
        };
        let text = code(&fs::read_to_string(src.join(file)).unwrap());
        let folder = file.rfind('/').map_or("", |slash| &file[..=slash]);
        // `super::` of `a/b.rs` is `a/mod.rs`; of `a/mod.rs`, the folder above.
        let parent = if file.ends_with("mod.rs") {
            folder[..folder.len() - 1]
                .rfind('/')
                .map_or("", |slash| &folder[..=slash])
        } else {
            folder
        };
        let mut named: Vec<(String, Option<String>)> = paths(&text, "crate::")
            .into_iter()
            .map(|path| {
                (
                    format!("crate::{}", path.join("::")),
                    target(&src, "", &path),
                )
            })
            .collect();
        // `use super::*` is a test module's own file.
        named.extend(
            paths(&text, "super::")
                .into_iter()
                .filter(|path| path.first().is_some_and(|first| first != "super"))
                .filter(|path| path.len() > 1 || text.contains(&format!("super::{}::", path[0])))
                .map(|path| {
                    let landed = target(&src, parent, &path).or_else(|| {
                        Some(if parent.is_empty() {
                            "lib.rs".into()
                        } else {
                            format!("{parent}mod.rs")
                        })
                    });
                    (format!("super::{}", path.join("::")), landed)
                }),
        );
        for (path, landed) in named {
            let first = path.trim_start_matches("crate::");
            match landed {
                None if exported.contains(first.split("::").next().unwrap()) => {}
                None => broken.push(format!(
                    "{file}: `{path}` goes through lib.rs; name it by its home module"
                )),
                Some(landed) if landed == "lib.rs" => broken.push(format!(
                    "{file}: `{path}` goes through lib.rs; name it by its home module"
                )),
                Some(landed) => {
                    let target_layer = layer_of(&layers, &landed);
                    if target_layer.is_some_and(|target_layer| target_layer < layer) {
                        broken.push(format!(
                            "{file} ({}) uses `{path}` ({landed}, the layer {} above it)",
                            layers[layer],
                            layers[target_layer.unwrap()]
                        ));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn the_diagram_reader_reads_use_trees() {
    assert_eq!(
        paths(
            "use crate::{a::b, c::{d, e}};\nlet x = crate::f::g(1);",
            "crate::"
        ),
        [
            vec!["a", "b"],
            vec!["c", "d"],
            vec!["c", "e"],
            vec!["f", "g"]
        ]
    );
    assert_eq!(paths("$crate::a::b", "crate::"), Vec::<Vec<String>>::new());
    let layers = [
        "top/".to_owned(),
        "top/leaf.rs".to_owned(),
        "low.rs".to_owned(),
    ];
    assert_eq!(layer_of(&layers, "top/mod.rs"), Some(0));
    assert_eq!(layer_of(&layers, "top/leaf.rs"), Some(1));
    assert_eq!(layer_of(&layers, "low.rs"), Some(2));
    assert_eq!(layer_of(&layers, "other.rs"), None);
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
        let text = code(&fs::read_to_string(ask.join(&file)).unwrap());
        for sdk in ["rmcp", "rust_mcp", "tower_mcp"] {
            assert!(!text.contains(sdk), "ask/{file} names {sdk}");
        }
    }
}
