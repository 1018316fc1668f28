//! What `#[derive(ElicitEnum)]` and `#[derive(ElicitForm)]` generate and
//! accept, at run time: the schemas, the provided items, the attributes,
//! the forms and their answers, and code that stays warning-free and
//! hygienic wherever the derive lands. One test binary (one link) for the
//! lot; each file is a module. The compile errors are in `tests/ui/`
//! (`tests/compiletest.rs`).

// `form`: the whole `requestedSchema` of a 40-field form is one `json!`
// literal.
#![recursion_limit = "256"]

// `pub`: a file's `pub` items stay reachable from the crate root, as when
// each file was a test crate of its own, so `dead_code` and
// `unreachable_pub` (denied in some files) judge them as before.
pub mod attributes;
pub mod canonical;
pub mod confirm;
pub mod deprecated;
pub mod derived_items;
pub mod form;
pub mod hygiene;
pub mod macro_rules;
#[cfg(feature = "schemars")]
pub mod schemars_hygiene;
pub mod serde_compat;
