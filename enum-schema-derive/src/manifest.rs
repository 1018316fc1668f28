//! The name under which the caller's crate depends on the `enum-schema` crate,
//! read from its `Cargo.toml` (`es = { package = "enum-schema" }` makes it
//! `es`). The TOML is read by `toml` (this module's), which keeps every
//! table and leaf with its path and decodes strings, and nothing else.
//!
//! What counts, as `proc-macro-crate` (which this replaces) reads it: the
//! `[dependencies]` and `[dev-dependencies]` (`dev_dependencies` before
//! edition 2024) of the package, also under `[target.'..']`; a dependency
//! is `enum-schema` by its key, or by its `package`, or, with `workspace =
//! true`, by the `package` of the same key in the workspace's
//! `[workspace.dependencies]`. The workspace is the one `package.workspace`
//! names, or else the nearest `Cargo.toml` above with a `[workspace]` whose
//! `exclude` does not leave the package out (unless its `members` names
//! it); one above that cannot be read ends the search (Cargo would have
//! refused it), so that no workspace further up answers for it.

use std::cell::RefCell;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

mod toml;

use self::toml::{Document, Leaf};

/// Where the `enum-schema` crate is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// The manifest is `enum-schema`'s own (its tests and doctests).
    Itself,
    /// A dependency under this name, as Rust code names it (`-` as `_`).
    Name(String),
}

impl Document {
    /// The leaf at `path`.
    fn leaf(&self, path: &[&str]) -> Option<&Leaf> {
        self.values
            .iter()
            .find(|(at, _)| at.iter().map(String::as_str).eq(path.iter().copied()))
            .map(|(_, leaf)| leaf)
    }

    /// The string at `path`.
    fn get(&self, path: &[&str]) -> Option<&str> {
        match self.leaf(path) {
            Some(Leaf::Text(text)) => Some(text),
            _ => None,
        }
    }

    /// The array of strings at `path`; empty if there is none.
    fn strings(&self, path: &[&str]) -> &[String] {
        match self.leaf(path) {
            Some(Leaf::Strings(strings)) => strings,
            _ => &[],
        }
    }

    /// Whether this workspace root, in the folder `root`, leaves out the
    /// package in the folder `member`: as Cargo decides, a path in its
    /// `exclude` holds it and none in its `members` does.
    fn excludes(&self, root: &Path, member: &Path) -> bool {
        let holds = |key| {
            self.strings(&["workspace", key])
                .iter()
                .any(|path| member.starts_with(root.join(path)))
        };
        holds("exclude") && !holds("members")
    }

    /// Whether the document has a `[workspace]` (or a `workspace.` key).
    fn is_workspace(&self) -> bool {
        let first = |path: &Vec<String>| path.first().is_some_and(|key| key == "workspace");
        self.tables.iter().any(first) || self.values.iter().any(|(path, _)| first(path))
    }

    /// The dependencies, in the order the document lists them: each key
    /// with the `package` it names and whether it is `workspace = true`.
    fn dependencies(&self) -> Vec<Dependency<'_>> {
        let mut found: Vec<Dependency<'_>> = Vec::new();
        for (path, value) in &self.values {
            let Some((key, rest)) = dependency_key(path) else {
                continue;
            };
            let index = match found.iter().position(|dependency| dependency.key == key) {
                Some(index) => index,
                None => {
                    found.push(Dependency {
                        key,
                        package: None,
                        workspace: false,
                    });
                    found.len() - 1
                }
            };
            match rest {
                [field] if field == "package" => {
                    if let Leaf::Text(text) = value {
                        found[index].package = Some(text);
                    }
                }
                [field] if field == "workspace" => {
                    found[index].workspace = *value == Leaf::Bool(true);
                }
                _ => {}
            }
        }
        found
    }
}

/// One entry of a dependency table.
struct Dependency<'a> {
    key: &'a str,
    package: Option<&'a str>,
    workspace: bool,
}

/// The dependency key of a path under `[dependencies]` or
/// `[dev-dependencies]` (also under `[target.'..']`), and the rest of the
/// path below it.
fn dependency_key(path: &[String]) -> Option<(&str, &[String])> {
    let is_table = |table: &String| {
        matches!(
            table.as_str(),
            "dependencies" | "dev-dependencies" | "dev_dependencies"
        )
    };
    let below = match path {
        [table, rest @ ..] if is_table(table) => rest,
        [target, _, table, rest @ ..] if target == "target" && is_table(table) => rest,
        _ => return None,
    };
    let (key, rest) = below.split_first()?;
    Some((key.as_str(), rest))
}

/// Where `package` is for the crate whose manifest is `manifest` (in the
/// folder `dir`); `None` if it depends on no such package.
/// Every manifest read is pushed to `read`, with its modification time.
fn find(package: &str, dir: &Path, manifest: &Document, read: &mut Vec<Stamp>) -> Option<Found> {
    if manifest.get(&["package", "name"]) == Some(package) {
        return Some(Found::Itself);
    }
    // Read when a dependency needs it, once.
    let mut above: Option<Option<Document>> = None;
    for dependency in manifest.dependencies() {
        let named = match (dependency.package, dependency.workspace) {
            (Some(named), _) => Some(named),
            (None, true) => {
                let root = if manifest.is_workspace() {
                    Some(manifest)
                } else {
                    above
                        .get_or_insert_with(|| workspace_of(dir, manifest, read))
                        .as_ref()
                };
                root.and_then(|root| {
                    root.get(&["workspace", "dependencies", dependency.key, "package"])
                })
            }
            (None, false) => None,
        };
        if named.unwrap_or(dependency.key) == package {
            return Some(Found::Name(dependency.key.replace('-', "_")));
        }
    }
    None
}

/// The manifest of the workspace that `member` (in the folder `dir`) is
/// in: the one its `package.workspace` names, or else the nearest
/// `Cargo.toml` above `dir` that has a `[workspace]` that does not
/// exclude it; `None` at one that cannot be read as TOML.
fn workspace_of(dir: &Path, member: &Document, read: &mut Vec<Stamp>) -> Option<Document> {
    if let Some(root) = member.get(&["package", "workspace"]) {
        let path = dir.join(root).join("Cargo.toml");
        let text = fs::read_to_string(&path).ok()?;
        read.push(Stamp::of(path));
        return Document::parse(&text);
    }
    for above in dir.ancestors().skip(1) {
        let path = above.join("Cargo.toml");
        let Ok(text) = fs::read_to_string(&path) else {
            continue;
        };
        read.push(Stamp::of(path));
        let document = Document::parse(&text)?;
        if document.is_workspace() && !document.excludes(above, dir) {
            return Some(document);
        }
    }
    None
}

/// A manifest read, as of its modification time.
#[derive(PartialEq)]
struct Stamp {
    path: PathBuf,
    modified: Option<SystemTime>,
}

impl Stamp {
    fn of(path: PathBuf) -> Stamp {
        let modified = fs::metadata(&path).and_then(|meta| meta.modified()).ok();
        Stamp { path, modified }
    }

    fn is_current(&self) -> bool {
        fs::metadata(&self.path)
            .and_then(|meta| meta.modified())
            .ok()
            == self.modified
    }
}

/// An answer, and the manifests it was read from (the crate's first), as
/// they were then: still the answer while none of them has changed (a
/// long-lived proc-macro server, as an editor's, outlives edits).
struct Answer {
    read: Vec<Stamp>,
    found: Option<Found>,
}

thread_local! {
    /// The last answer: one crate's derives all read the same manifest.
    static LAST: RefCell<Option<Answer>> = const { RefCell::new(None) };
}

/// Where the `enum-schema` crate `package` is for the crate being compiled
/// (`CARGO_MANIFEST_DIR`); `None` when the manifest cannot be read or
/// names no such dependency.
pub fn crate_name(package: &str) -> Option<Found> {
    let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR")?);
    let path = dir.join("Cargo.toml");
    let cached = LAST.with_borrow(|last| match last {
        Some(answer)
            if answer.read.first().is_some_and(|first| first.path == path)
                && answer.read.iter().all(Stamp::is_current) =>
        {
            Some(answer.found.clone())
        }
        _ => None,
    });
    if let Some(found) = cached {
        return found;
    }
    let mut read = vec![Stamp::of(path.clone())];
    let found = fs::read_to_string(&path)
        .ok()
        .and_then(|text| Document::parse(&text))
        .and_then(|manifest| find(package, &dir, &manifest, &mut read));
    LAST.with_borrow_mut(|last| {
        *last = Some(Answer {
            read,
            found: found.clone(),
        })
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `find` for the member `manifest`, in a workspace whose root manifest
    /// is `workspace` (none if `None`).
    fn found(manifest: &str, workspace: Option<&str>) -> Option<Found> {
        let mut files = vec![("member/Cargo.toml", manifest)];
        files.extend(workspace.map(|root| ("Cargo.toml", root)));
        found_in(&files, "member")
    }

    fn name(name: &str) -> Option<Found> {
        Some(Found::Name(name.to_owned()))
    }

    #[test]
    fn every_way_a_manifest_names_the_dependency() {
        let cases: &[(&str, Option<Found>)] = &[
            ("[dependencies]\nenum-schema = \"0.1\"", name("enum_schema")),
            (
                "[dependencies]\nes = { package = \"enum-schema\", version = \"0.1\" }",
                name("es"),
            ),
            (
                "[dependencies.es]\npackage = 'enum-schema'\nversion = \"0.1\"",
                name("es"),
            ),
            ("[dependencies]\nes.package = \"enum-schema\"", name("es")),
            (
                "[dev-dependencies]\nmine = { package = \"enum-schema\" }",
                name("mine"),
            ),
            (
                "[target.'cfg(unix)'.dependencies]\nunix-es = { package = \"enum-schema\" }",
                name("unix_es"),
            ),
            (
                "[target.\"cfg(windows)\".dev-dependencies.w]\npackage = \"enum-schema\"",
                name("w"),
            ),
            // An escape in a basic string is decoded.
            (
                "[dependencies]\nes = { package = \"enum\\u002Dschema\" }",
                name("es"),
            ),
            (
                "[package]\nname = \"enum-schema\"\nversion = \"0.1.0\"",
                Some(Found::Itself),
            ),
            // Another package under the name, or the name as a feature.
            (
                "[dependencies]\nenum-schema = { package = \"other\" }",
                None,
            ),
            (
                "[dependencies]\nserde = { version = \"1\", features = [\"enum-schema\"] }",
                None,
            ),
            // Newlines and comments beside `=` in an inline table.
            (
                "[dependencies]\nes = { version = \"0.1\", package # the crate\n  =\n \"enum-schema\" }",
                name("es"),
            ),
            // `dev_dependencies`, as editions before 2024 allow.
            (
                "[dev_dependencies]\nes = { package = \"enum-schema\" }",
                name("es"),
            ),
            (
                "[target.'cfg(unix)'.dev_dependencies]\nes = { package = \"enum-schema\" }",
                name("es"),
            ),
            ("[features]\nenum-schema = []", None),
            (
                "[package]\nname = \"app\"\n[dependencies]\nserde = \"1\"",
                None,
            ),
        ];
        for (manifest, expected) in cases {
            assert_eq!(&found(manifest, None), expected, "{manifest}");
        }
    }

    #[test]
    fn a_workspace_dependency_is_named_by_the_workspace() {
        let member = "[package]\nname = \"m\"\n[dependencies]\nes = { workspace = true }";
        let root = "[workspace]\nmembers = [\"member\"]\n[workspace.dependencies]\nes = { package = \"enum-schema\", path = \"x\" }";
        assert_eq!(found(member, Some(root)), name("es"));
        let plain = "[workspace]\n[workspace.dependencies]\nenum-schema = \"0.1\"";
        let member = "[dependencies]\nenum-schema.workspace = true";
        assert_eq!(found(member, Some(plain)), name("enum_schema"));
        // No workspace above: the key alone.
        let member = "[dependencies]\nes = { workspace = true }";
        assert_eq!(found(member, None), None);
    }

    /// Writes `files` (path, text) under a fresh folder, and asks `find`
    /// for the member in `member`.
    fn found_in(files: &[(&str, &str)], member: &str) -> Option<Found> {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "enum-schema-layout-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        for (path, text) in files {
            let path = dir.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        let member = dir.join(member);
        let text = fs::read_to_string(member.join("Cargo.toml")).unwrap();
        let document = Document::parse(&text).expect("TOML");
        let result = find("enum-schema", &member, &document, &mut Vec::new());
        fs::remove_dir_all(&dir).unwrap();
        result
    }

    #[test]
    fn the_workspace_is_the_one_cargo_would_use() {
        let good = "[workspace]\n[workspace.dependencies]\nes = { package = \"enum-schema\" }";
        let other = "[workspace]\n[workspace.dependencies]\nes = { package = \"other\" }";
        let member = "[package]\nname = \"m\"\n[dependencies]\nes.workspace = true";
        // The nearest workspace above.
        assert_eq!(
            found_in(
                &[("Cargo.toml", good), ("mid/m/Cargo.toml", member)],
                "mid/m"
            ),
            name("es")
        );
        // A manifest above that cannot be read ends the search: the
        // workspace above it does not answer.
        assert_eq!(
            found_in(
                &[
                    ("Cargo.toml", good),
                    ("mid/Cargo.toml", "[workspace\n"),
                    ("mid/m/Cargo.toml", member)
                ],
                "mid/m"
            ),
            None
        );
        // A workspace that excludes the member is not its workspace, unless
        // its `members` names it too.
        let excluding = "[workspace]\nexclude = [\"m\", 'other']\n[workspace.dependencies]\nes = { package = \"other\" }";
        assert_eq!(
            found_in(
                &[
                    ("Cargo.toml", good),
                    ("mid/Cargo.toml", excluding),
                    ("mid/m/Cargo.toml", member)
                ],
                "mid/m"
            ),
            name("es")
        );
        let naming = excluding.replace("exclude = [", "members = [\"m\"]\nexclude = [");
        assert_eq!(
            found_in(
                &[
                    ("Cargo.toml", good),
                    ("mid/Cargo.toml", &naming),
                    ("mid/m/Cargo.toml", member)
                ],
                "mid/m"
            ),
            None
        );
        // `package.workspace` names the workspace, past a nearer one.
        let pointed =
            "[package]\nname = \"m\"\nworkspace = \"../..\"\n[dependencies]\nes.workspace = true";
        assert_eq!(
            found_in(
                &[
                    ("Cargo.toml", good),
                    ("mid/Cargo.toml", other),
                    ("mid/m/Cargo.toml", pointed)
                ],
                "mid/m"
            ),
            name("es")
        );
        assert_eq!(
            found_in(
                &[
                    ("Cargo.toml", good),
                    ("mid/Cargo.toml", other),
                    ("mid/m/Cargo.toml", member)
                ],
                "mid/m"
            ),
            None
        );
    }
}
