//! How the derive names the settings in a broken rule's words: the
//! derive's own literal checks (`valid.rs`) and the compile-time checks it
//! generates (`derives/elicit_form.rs`) fill the rule's sentence (one per
//! rule, in `rule.rs`, shared with the runtime) the same way:
//! `written("min_items", 2)` is "`min_items = 2`",
//! `inherited("min_items", "Color")` is "the `min_items` of `Color`".

use std::fmt::Display;

use crate::rule::Rule;

/// A setting as the user wrote it: "`key = value`".
pub fn written(key: &str, value: impl Display) -> String {
    format!("`{key} = {value}`")
}

/// A setting the field takes from its enum: "the `key` of `Type`".
pub fn inherited(key: &str, ty: &str) -> String {
    format!("the `{key}` of `{ty}`")
}

/// A message about one field, for checks that cannot point at the field
/// itself.
pub fn field(name: &str, message: &str) -> String {
    format!("field `{name}`: {message}")
}

/// A broken rule in the derive's words: the rule's own sentence
/// ([`Rule::describe`], the one wording of each rule, which the runtime's
/// builders say with [`Rule::message`]), each slot named in `slots` filled
/// with its words (`("min_items", "`min_items = 3`")`), any other with its
/// own name.
pub fn rule(rule: Rule, slots: &[(&str, &str)]) -> String {
    rule.describe(|slot| {
        slots
            .iter()
            .find(|(name, _)| *name == slot)
            .map_or(slot, |(_, words)| *words)
            .to_owned()
    })
}

/// The slots whose words are known, for [`rule`]: a setting that is not
/// set (`None`) keeps its slot's own name.
pub fn known<'a, W: AsRef<str>>(
    slots: &'a [(&'static str, Option<W>)],
) -> Vec<(&'static str, &'a str)> {
    slots
        .iter()
        .filter_map(|(slot, words)| Some((*slot, words.as_ref()?.as_ref())))
        .collect()
}

/// The words of the "fewer items" or "more items" slot of a default's count
/// rule, `comparison` being "fewer" or "more": "1 item, fewer" when the
/// count is known, else the slot's own words.
pub fn count(len: Option<usize>, comparison: &str) -> String {
    match len {
        Some(1) => format!("1 item, {comparison}"),
        Some(len) => format!("{len} items, {comparison}"),
        None => format!("{comparison} items"),
    }
}
