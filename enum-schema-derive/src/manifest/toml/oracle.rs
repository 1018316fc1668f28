//! The reader held to the `toml` crate (toml-rs, which reads the whole of
//! TOML 1.1): both read a text into the same sets of tables and leaves.
//! Used by the tests beside it and by the `manifest_toml` fuzz target
//! (`tests/fuzz`), which compiles this file and `toml.rs` as they are.

use std::collections::BTreeSet;

use super::{Document, Leaf};

/// Every table's path.
pub type Tables = BTreeSet<Vec<String>>;
/// Every leaf, with its path.
pub type Values = BTreeSet<(Vec<String>, Leaf)>;

/// What the `toml` crate reads from `text`, in this reader's terms;
/// `None` if it is not TOML.
pub fn expected(text: &str) -> Option<(Tables, Values)> {
    fn walk(
        table: &::toml::Table,
        path: &mut Vec<String>,
        tables: &mut Tables,
        values: &mut Values,
    ) {
        for (key, value) in table {
            path.push(key.clone());
            let leaf = match value {
                ::toml::Value::Table(inner) => {
                    tables.insert(path.clone());
                    walk(inner, path, tables, values);
                    None
                }
                ::toml::Value::String(text) => Some(Leaf::Text(text.clone())),
                ::toml::Value::Boolean(value) => Some(Leaf::Bool(*value)),
                ::toml::Value::Array(items) => Some(
                    items
                        .iter()
                        .map(|item| item.as_str().map(str::to_owned))
                        .collect::<Option<Vec<String>>>()
                        .map_or(Leaf::Other, Leaf::Strings),
                ),
                _ => Some(Leaf::Other),
            };
            if let Some(leaf) = leaf {
                values.insert((path.clone(), leaf));
            }
            path.pop();
        }
    }
    let table: ::toml::Table = text.parse().ok()?;
    let (mut tables, mut values) = (Tables::new(), Values::new());
    walk(&table, &mut Vec::new(), &mut tables, &mut values);
    Some((tables, values))
}

/// What this reader reads, as sets: every table opened or implied by a
/// dotted path.
pub fn read(text: &str) -> Option<(Tables, Values)> {
    let document = Document::parse(text)?;
    let mut tables = Tables::new();
    let paths = document
        .tables
        .iter()
        .map(|path| (path, 0))
        .chain(document.values.iter().map(|(path, _)| (path, 1)));
    for (path, leaf) in paths {
        for end in 1..=path.len() - leaf {
            tables.insert(path[..end].to_vec());
        }
    }
    let values: Values = document.values.into_iter().collect();
    Some((tables, values))
}

/// Panics if `toml` reads `text` and this reader reads it otherwise.
pub fn agree(text: &str) {
    if let Some(expected) = expected(text) {
        assert_eq!(read(text), Some(expected), "{text}");
    }
}
