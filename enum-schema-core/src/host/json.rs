//! JSON text read with every object's members in the order written, and
//! none lost: a `serde_json::Value` without serde_json's `preserve_order`
//! sorts its keys and keeps one of two members with the same name, and a
//! form's fields are shown in the order the server wrote them.

use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// A JSON value whose objects keep their members in order, duplicates
/// included.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tree {
    /// A string, number, boolean or null.
    Leaf(Value),
    Array(Vec<Tree>),
    Object(Vec<(String, Tree)>),
}

impl Tree {
    /// Reads JSON text. serde_json bounds the nesting (128 levels), so a
    /// deeply nested text is an error, not a deep recursion.
    pub(crate) fn from_str(json: &str) -> Result<Tree, serde_json::Error> {
        serde_json::from_str(json)
    }

    /// The tree of a `Value`, its members in the order the `Value` keeps.
    pub(crate) fn from_value(value: &Value) -> Tree {
        match value {
            Value::Array(items) => Tree::Array(items.iter().map(Tree::from_value).collect()),
            Value::Object(members) => Tree::Object(
                members
                    .iter()
                    .map(|(key, value)| (key.clone(), Tree::from_value(value)))
                    .collect(),
            ),
            leaf => Tree::Leaf(leaf.clone()),
        }
    }

    /// The members of an object; `None` for anything else.
    pub(crate) fn members(&self) -> Option<&[(String, Tree)]> {
        match self {
            Tree::Object(members) => Some(members),
            _ => None,
        }
    }

    /// The first member named `key` of an object.
    pub(crate) fn get(&self, key: &str) -> Option<&Tree> {
        self.members()?
            .iter()
            .find(|(name, _)| name == key)
            .map(|(_, value)| value)
    }

    /// The string, if this is one.
    pub(crate) fn as_str(&self) -> Option<&str> {
        match self {
            Tree::Leaf(Value::String(text)) => Some(text),
            _ => None,
        }
    }

    /// The first key that an object anywhere in the tree names twice.
    pub(crate) fn duplicate_key(&self) -> Option<&str> {
        match self {
            Tree::Leaf(_) => None,
            Tree::Array(items) => items.iter().find_map(Tree::duplicate_key),
            Tree::Object(members) => self
                .twice()
                .or_else(|| members.iter().find_map(|(_, value)| value.duplicate_key())),
        }
    }

    /// The first key this object itself names twice (not looking inside
    /// its members).
    pub(crate) fn twice(&self) -> Option<&str> {
        let members = self.members()?;
        // Pairwise for a few members, a set past that: a schema has a
        // handful, a hostile one may have many.
        if members.len() <= 16 {
            members.iter().enumerate().find_map(|(index, (key, _))| {
                members[..index]
                    .iter()
                    .any(|(seen, _)| seen == key)
                    .then_some(key.as_str())
            })
        } else {
            let mut seen = std::collections::HashSet::with_capacity(members.len());
            members
                .iter()
                .find(|(key, _)| !seen.insert(key.as_str()))
                .map(|(key, _)| key.as_str())
        }
    }

    /// The members of the object at `path` (at each step the first member
    /// of that name), taken out and left empty; none if no object is
    /// there.
    pub(crate) fn take_members(&mut self, path: &[&str]) -> Vec<(String, Tree)> {
        let mut tree = self;
        for key in path {
            let Tree::Object(members) = tree else {
                return Vec::new();
            };
            match members.iter_mut().find(|(name, _)| name == key) {
                Some((_, value)) => tree = value,
                None => return Vec::new(),
            }
        }
        match tree {
            Tree::Object(members) => std::mem::take(members),
            _ => Vec::new(),
        }
    }

    /// The tree as a `Value`, its strings moved, not copied; of two members
    /// with one name, the last, as serde_json keeps it.
    pub(crate) fn into_value(self) -> Value {
        match self {
            Tree::Leaf(value) => value,
            Tree::Array(items) => Value::Array(items.into_iter().map(Tree::into_value).collect()),
            Tree::Object(members) => {
                let mut object = Map::with_capacity(members.len());
                for (key, value) in members {
                    object.insert(key, value.into_value());
                }
                Value::Object(object)
            }
        }
    }

    /// The tree as a `Value`; of two members with one name, the last,
    /// as serde_json keeps it.
    pub(crate) fn to_value(&self) -> Value {
        match self {
            Tree::Leaf(value) => value.clone(),
            Tree::Array(items) => Value::Array(items.iter().map(Tree::to_value).collect()),
            Tree::Object(members) => {
                let mut object = Map::new();
                for (key, value) in members {
                    object.insert(key.clone(), value.to_value());
                }
                Value::Object(object)
            }
        }
    }
}

impl<'de> Deserialize<'de> for Tree {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Tree, D::Error> {
        deserializer.deserialize_any(TreeVisitor)
    }
}

struct TreeVisitor;

impl<'de> Visitor<'de> for TreeVisitor {
    type Value = Tree;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Tree, E> {
        Ok(Tree::Leaf(Value::Bool(value)))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Tree, E> {
        Ok(Tree::Leaf(Value::from(value)))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Tree, E> {
        Ok(Tree::Leaf(Value::from(value)))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Tree, E> {
        Ok(Tree::Leaf(Value::from(value)))
    }

    fn visit_str<E>(self, value: &str) -> Result<Tree, E> {
        Ok(Tree::Leaf(Value::from(value)))
    }

    fn visit_string<E>(self, value: String) -> Result<Tree, E> {
        Ok(Tree::Leaf(Value::String(value)))
    }

    fn visit_unit<E>(self) -> Result<Tree, E> {
        Ok(Tree::Leaf(Value::Null))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Tree, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Tree::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Tree, A::Error> {
        let mut members = Vec::with_capacity(map.size_hint().unwrap_or(0).min(4096));
        while let Some(member) = map.next_entry()? {
            members.push(member);
        }
        Ok(Tree::Object(members))
    }
}
